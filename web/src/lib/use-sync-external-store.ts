/** `use-sync-external-store/shim` for React 18 and later: React's own hook (see vite.config.ts). */
export { useSyncExternalStore } from 'react';

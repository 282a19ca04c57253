import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { portalApiPlugin } from './scripts/contract-routes.ts';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [portalApiPlugin(), react()],
  resolve: {
    alias: [
      {
        // react-i18next imports the `useSyncExternalStore` shim for React < 18; React 19
        // has the hook itself, and the shim's fallback would only weigh on the first page.
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL('./src/lib/use-sync-external-store.ts', import.meta.url),
        ),
      },
    ],
  },
  build: isSsrBuild
    ? {
        // The gateway imports it from the web app's files (`dist/ssr`, beside the
        // client's): self-contained, as ES modules whatever package.json is near.
        target: 'node20',
        rolldownOptions: {
          output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
        },
      }
    : {
        target: 'es2022',
        sourcemap: false,
        modulePreload: false,
        // Which CSS each screen's chunk brings: the gateway links it into the pages it draws.
        manifest: true,
      },
  // The server bundle needs no node_modules where it runs (the gateway's image has its own).
  ssr: { noExternal: true },
  // React's production build on the server, as in the browser (the same markup, no dev checks).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    port: 5173,
    // In `pnpm dev` the gateway stays the only thing the browser talks to for data.
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/authorize': { target: gateway, changeOrigin: false },
      '/favicon.ico': { target: gateway, changeOrigin: false },
      '/favicon.svg': { target: gateway, changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    css: false,
    testTimeout: 15_000,
    // One test file per core: vitest's default (cores − 1) runs one file at a time on a 2-core machine.
    maxWorkers: availableParallelism(),
    // A worker's files share their imports and their jsdom: importing the app again for
    // each file was most of the suite's time. src/test-setup.ts gives each file a blank page.
    isolate: false,
    // The widget library is hundreds of small modules: one pre-bundled file loads far faster.
    deps: {
      optimizer: {
        client: { enabled: true, include: ['react-aria-components', 'lucide-react'] },
      },
    },
  },
}));

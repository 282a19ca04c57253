import { configDefaults, defineConfig } from 'vitest/config';

// The conformance suite has its own config (conformance/vitest.config.ts): it
// runs against any account API, started here only when none is named.
export default defineConfig({
  test: { exclude: [...configDefaults.exclude, 'conformance/**'] },
});

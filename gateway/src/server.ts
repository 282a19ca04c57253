import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
if (!config.WEB_DIST) {
  config = { ...config, WEB_DIST: fileURLToPath(new URL('../../web/dist', import.meta.url)) };
}

const app = await buildApp(config);
await app.listen({ port: config.PORT, host: config.HOST });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // In-flight requests finish; new connections are refused.
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

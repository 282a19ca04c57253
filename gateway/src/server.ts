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
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // No new connections; in-flight requests finish (each bounded by the upstream timeout).
    const deadline = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, config.UPSTREAM_TIMEOUT_MS + 5000);
    deadline.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

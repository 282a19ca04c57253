import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
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

// SIGINT/SIGTERM: no new connections; in-flight requests finish (each bounded
// by the upstream timeout), then exit 0; past the delay, exit 1.
closeWithGrace({ delay: config.UPSTREAM_TIMEOUT_MS + 5000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an uncaught error');
  else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  await app.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
const management = await app.management.listen({
  port: config.MANAGEMENT_PORT,
  host: config.MANAGEMENT_HOST,
});
app.log.info({ address: management }, 'Management listening (metrics, probes)');

import { setTimeout as sleep } from 'node:timers/promises';
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

/**
 * Shutdown (docs/operations.md "Timeouts and shutdown"). SIGTERM: readiness
 * answers 503 at once and the gateway keeps serving for `SHUTDOWN_DELAY_MS`,
 * while the orchestrator and the load balancer take it out of their
 * endpoints; then the listener closes and the requests in flight finish
 * (each account-API call within `UPSTREAM_TIMEOUT_MS`), exit 0. Past
 * `SHUTDOWN_DRAIN_MS` after the listener closed, exit 1. SIGINT (a person at
 * a terminal) skips the pause. Everything it says is a JSON log line.
 */
const { SHUTDOWN_DELAY_MS: pause, SHUTDOWN_DRAIN_MS: drain } = config;
closeWithGrace(
  {
    delay: pause + drain,
    logger: { error: (err: unknown) => app.log.error({ err }, 'shutdown failed') },
    onTimeout: () =>
      app.log.error(
        { drainMs: drain },
        'shutdown: requests still in flight past SHUTDOWN_DRAIN_MS, exiting',
      ),
    onSecondSignal: (signal: string) => app.log.warn({ signal }, 'second signal: exiting now'),
  },
  async ({ signal, err }) => {
    app.beginClosing();
    if (err) app.log.error({ err }, 'shutting down after an uncaught error');
    else if (signal === 'SIGTERM' && pause > 0) {
      app.log.info({ signal, pauseMs: pause }, 'shutting down: not ready, still serving');
      await sleep(pause);
    }
    app.log.info({ signal, drainMs: drain }, 'shutting down: finishing in-flight requests');
    await app.close();
  },
);

await app.listen({ port: config.PORT, host: config.HOST });
const management = await app.management.listen({
  port: config.MANAGEMENT_PORT,
  host: config.MANAGEMENT_HOST,
});
app.log.info({ address: management }, 'Management listening (metrics, probes)');

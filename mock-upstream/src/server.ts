import { buildMockUpstream } from './app';

const region = process.env.REGION === 'lu' ? 'lu' : 'be';
if (process.env.REGION && !['be', 'lu'].includes(process.env.REGION)) {
  console.error(`REGION must be "be" or "lu", not "${process.env.REGION}"`);
  process.exit(1);
}
const port = Number(process.env.PORT ?? (region === 'lu' ? 4011 : 4010));
const host = process.env.HOST ?? '127.0.0.1';

const { app } = buildMockUpstream({ region, logger: true });
app.listen({ port, host }).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

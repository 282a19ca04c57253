import { buildMockUpstream } from './app';

const region = process.env.REGION === 'lu' ? 'lu' : 'be';
if (process.env.REGION && !['be', 'lu'].includes(process.env.REGION)) {
  console.error(`REGION must be "be" or "lu", not "${process.env.REGION}"`);
  process.exit(1);
}
const port = Number(process.env.PORT ?? (region === 'lu' ? 4011 : 4010));
const host = process.env.HOST ?? '127.0.0.1';

// Development and tests check new passwords against the mock's own range
// endpoint (the bundled list); production points at https://api.pwnedpasswords.com.
const breachedPasswordsUrl =
  process.env.BREACHED_PASSWORDS_URL || `http://127.0.0.1:${port}/pwned-passwords`;
const portalUrl = process.env.PORTAL_URL || `http://${region}.localhost:3000`;
for (const [name, value] of [
  ['BREACHED_PASSWORDS_URL', breachedPasswordsUrl],
  ['PORTAL_URL', portalUrl],
] as const) {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    console.error(`${name} must be an http(s) URL, not "${value}"`);
    process.exit(1);
  }
}

const { app } = buildMockUpstream({ region, logger: true, breachedPasswordsUrl, portalUrl });
app.listen({ port, host }).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

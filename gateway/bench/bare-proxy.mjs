// The bench's reference point: the least a Node pass-through of GET /api/user can
// cost here, Fastify and undici with nothing else (no contract check, no log, no
// cookie parsing, no security headers). The gateway's figures read against it.
import Fastify from 'fastify';
import { Pool } from 'undici';

const upstream = process.env.UPSTREAM_BE_URL ?? 'http://127.0.0.1:4010';
const pool = new Pool(upstream, { connections: 128 });
const app = Fastify({ logger: false });
app.get('/api/user', async (request) => {
  const token = /(?:^|;\s*)access_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const res = await pool.request({
    path: '/user',
    method: 'GET',
    headers: { authorization: `Bearer ${token}`, 'x-device-id': request.headers['x-device-id'] },
  });
  return JSON.parse(await res.body.text());
});
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

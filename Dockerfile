# The portal's images, from one build stage:
#   --target gateway        the gateway: its bundle, its production dependencies,
#                           the built web app (the default target)
#   --target mock-upstream  the mock account API, one bundled file
# docker-compose.yml builds both. Without a registry, scripts/ensure-docker.mjs
# builds node:20-bookworm-slim locally first.

FROM node:20-bookworm-slim AS build
# Lets the compose test find the untagged images older builds leave (every stage has one).
LABEL portal.stage=build
# The npm registry the install uses (compose passes the machine's, if set).
ARG npm_config_registry=https://registry.npmjs.org/
WORKDIR /src
# The manifests alone first: the install layer stays cached until one changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
# The dependency patches pnpm applies at install (pnpm-workspace.yaml).
COPY patches patches/
COPY contract/package.json contract/
COPY gateway/package.json gateway/
COPY mock-upstream/package.json mock-upstream/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npx -y pnpm@10 install --frozen-lockfile
COPY . .
# The web app; the gateway's bundle (its dependencies stay external); the mock
# bundled whole with the gateway's esbuild (a require shim for its CommonJS
# dependencies), so its image needs no node_modules; the gateway's production
# dependencies alone, in /deploy/node_modules.
RUN npx -y pnpm@10 --filter @portal/web build \
 && (cd gateway && node build.mjs) \
 && gateway/node_modules/.bin/esbuild mock-upstream/src/server.ts --bundle --platform=node \
      --format=esm --target=node20 --outfile=mock-upstream/dist/server.mjs --log-level=warning \
      "--banner:js=import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" \
 && npx -y pnpm@10 --filter @portal/gateway deploy --prod --legacy /deploy

# Health checks: node's http module, not fetch (loading undici makes a probe four
# times as costly); a 10 s timeout, since a probe on a loaded 2-core machine can
# take seconds to start; every 3 s, as each dependent service waits for the first.

FROM node:20-bookworm-slim AS mock-upstream
LABEL portal.stage=mock-upstream
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app/mock-upstream
COPY --from=build /src/mock-upstream/dist/server.mjs ./server.mjs
USER node
# REGION=be|lu and PORT (4010 by default, 4011 for lu) as for `pnpm start`.
HEALTHCHECK --interval=3s --timeout=10s --start-period=30s --retries=3 \
  CMD node -e "require('http').get('http://127.0.0.1:' + (process.env.PORT || (process.env.REGION === 'lu' ? 4011 : 4010)) + '/__dev/outbox?to=health', (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1))"
CMD ["node", "server.mjs"]

FROM node:20-bookworm-slim AS gateway
LABEL portal.stage=gateway
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 WEB_DIST=/app/web/dist
WORKDIR /app/gateway
# Owned by root, run as node: the process cannot rewrite its own code.
COPY --from=build /deploy/node_modules ./node_modules
COPY --from=build /src/gateway/dist ./dist
COPY --from=build /src/gateway/public ./public
COPY --from=build /src/web/dist /app/web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=3s --timeout=10s --start-period=30s --retries=3 \
  CMD node -e "require('http').get('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1))"
# The production node flags: GATEWAY_NODE_FLAGS in gateway/build.mjs.
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=50", "--no-allocation-site-pretenuring", "--max-inlined-bytecode-size=920", "--max-inlined-bytecode-size-cumulative=1840", "dist/server.mjs"]

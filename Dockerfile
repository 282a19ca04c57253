# The portal's images, from one build stage:
#   --target gateway        the gateway: its bundle, its production dependencies,
#                           the built web app (the default target)
#   --target mock-upstream  the mock account API, one bundled file
# docker-compose.yml builds both. Node 24 LTS, the production Node (.nvmrc).
# Without a registry, scripts/ensure-docker.mjs builds node:24-bookworm-slim
# and debian:bookworm-slim locally first (docs/operations.md).

FROM node:24-bookworm-slim AS build
# Lets the compose test find the untagged images older builds leave (every stage has one).
LABEL portal.stage=build
# The npm registry the install uses (compose passes the machine's, if set).
ARG npm_config_registry=https://registry.npmjs.org/
WORKDIR /src
# The manifests alone first: the install layer stays cached until one changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY contract/package.json contract/
COPY gateway/package.json gateway/
COPY mock-upstream/package.json mock-upstream/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY deploy/package.json deploy/
COPY tools/production-node/package.json tools/production-node/
# No install scripts: the one build that matters, esbuild's, only checks its
# binary; tools/production-node's would fetch a second Node 24 the image
# already is.
RUN npx -y pnpm@10 install --frozen-lockfile --ignore-scripts
COPY . .
# The web app; the gateway bundled whole, its dependencies included
# (gateway/build.mjs), and of node_modules only the packages it leaves out
# (EXTERNAL: piscina, which starts its threads from its own file; it has no
# dependency of its own), without their type declarations and source maps;
# the mock bundled whole too (a require shim for its CommonJS dependencies).
RUN npx -y pnpm@10 --filter @portal/web build \
 && (cd gateway && node build.mjs) \
 && mkdir /runtime-modules \
 && for name in $(cd gateway && node --input-type=module \
      -e "import { EXTERNAL } from './build.mjs'; console.log(EXTERNAL.join(' '))"); do \
      cp -rL "gateway/node_modules/$name" /runtime-modules/; done \
 && find /runtime-modules \( -name '*.d.ts' -o -name '*.map' -o -name '*.md' \) -delete \
 && node gateway/node_modules/esbuild/bin/esbuild mock-upstream/src/server.ts --bundle --platform=node \
      --format=esm --target=node24 --outfile=mock-upstream/dist/server.mjs --log-level=warning \
      "--banner:js=import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);"

# The node binary without its symbol table (126 -> 108 MB): the runtime
# never reads it; a native crash's backtrace then shows addresses, not C++
# names (the JavaScript stack keeps its names).
FROM node:24-bookworm-slim AS node
LABEL portal.stage=node
RUN apt-get update \
 && apt-get install -y --no-install-recommends binutils \
 && strip --strip-all -o /node /usr/local/bin/node \
 && /node --version

# The runtime's root: Debian slim without what only installs or repairs a
# system (apt and its TLS libraries, perl, e2fsprogs; glibc's iconv modules,
# which neither node nor bash loads): 47 against 75 MB. dpkg's database is
# kept true to what is left, so that an image scanner lists the right
# packages. Then one layer of it, so that the removed files weigh nothing.
FROM debian:bookworm-slim AS runtime-root
LABEL portal.stage=runtime-root
RUN groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin node \
 && dpkg --purge --force-remove-essential --force-depends \
      apt libapt-pkg6.0 libgnutls30 libp11-kit0 perl-base e2fsprogs libext2fs2 libss2 libcom-err2 \
 && rm -rf /usr/lib/x86_64-linux-gnu/gconv /var/cache/* /var/log/* /var/lib/apt

# The runtime: that root and the node binary alone, without npm, npx,
# corepack or Node's headers (they are the build stage's), as user node.
FROM scratch AS runtime
LABEL portal.stage=runtime
COPY --from=runtime-root / /
COPY --from=node /node /usr/local/bin/node
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    NODE_ENV=production HOST=0.0.0.0

# Health checks: bash's /dev/tcp, one request and no process but the shell
# (starting node for each probe cost a process of 40 MB and a CPU spike). The
# status line alone is read: "HTTP/1.1 200 OK".

FROM runtime AS mock-upstream
LABEL portal.stage=mock-upstream
WORKDIR /app/mock-upstream
COPY --from=build /src/mock-upstream/dist/server.mjs ./server.mjs
USER node
# REGION=be|lu and PORT (4010 by default, 4011 for lu) as for `pnpm start`.
# Every 2 s: a test double, which the gateway waits for (compose starts the gateway
# once both answer, so its first probe is the stack's start).
HEALTHCHECK --interval=2s --timeout=5s --start-period=30s --retries=3 \
  CMD ["bash", "-c", "port=${PORT:-4010}; [ \"$REGION\" != lu ] || port=${PORT:-4011}; exec 3<>/dev/tcp/127.0.0.1/$port && printf 'GET /__dev/outbox?to=health HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n' >&3 && read -r -t 5 version status rest <&3 && [ \"$status\" = 200 ]"]
CMD ["node", "server.mjs"]

FROM runtime AS gateway
LABEL portal.stage=gateway
# OCI image labels, from build arguments (docker-compose.yml passes them).
ARG VERSION=dev
ARG REVISION=unknown
ARG SOURCE=
LABEL org.opencontainers.image.title="portal-gateway" \
      org.opencontainers.image.description="The sign-in and account portal: its gateway and web app" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.source="${SOURCE}"
ENV PORT=3000 WEB_DIST=/app/web/dist
WORKDIR /app/gateway
# Owned by root, run as node: the process cannot rewrite its own code.
COPY --from=build /src/gateway/dist ./dist
COPY --from=build /runtime-modules ./node_modules
COPY --from=build /src/gateway/public ./public
COPY --from=build /src/web/dist /app/web/dist
USER node
EXPOSE 3000
# Every 5 s (Docker 20's first probe waits one interval: 15 s kept a started stack
# "starting" for 15 s); the gateway writes no access line for /healthz.
HEALTHCHECK --interval=5s --timeout=5s --start-period=60s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT:-3000} && printf 'GET /healthz HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n' >&3 && read -r -t 5 version status rest <&3 && [ \"$status\" = 200 ]"]
# Stack traces name the TypeScript sources (dist/server.mjs.map). The production
# node flags: GATEWAY_NODE_FLAGS in gateway/build.mjs (docs/performance.md).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "dist/server.mjs"]

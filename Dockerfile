# The portal's image: the whole workspace installed and built once; compose runs
# the gateway and the two mock account APIs from it. Build: docker compose build.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npx -y pnpm@10 install --frozen-lockfile \
  && npx -y pnpm@10 --filter @portal/web build \
  && cd gateway && node build.mjs

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
WORKDIR /app/gateway
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=50", "dist/server.mjs"]

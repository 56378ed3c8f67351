# syntax=docker/dockerfile:1
# The shop as a container: build with the dev tools, run without them, as a non-root user.
# Compose file and deployment guide: compose.yaml, docs/deploying.md.
# The base image is pinned by digest (a tag moves); to update it, look up the new tag's digest:
#   docker buildx imagetools inspect node:24.x.y-bookworm-slim --format '{{.Manifest.Digest}}'

FROM node:24.18.0-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.18.0-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
# tini as PID 1: passes docker stop's SIGTERM to the shop (which finishes in-flight requests)
# and reaps what exits; node itself as PID 1 would do neither well.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The server build, plus the sources the commands run on Node's own TypeScript support
# (npm run migrate, staff, backup, restore, media:move; npm start's checks) and the migrations they apply.
COPY --from=build /app/build ./build
COPY api ./api
COPY contract ./contract
COPY locales ./locales
COPY scripts/start.mjs ./scripts/start.mjs
# DATA_DIR for what a process keeps of its own (the SMS and Telegram logs in demo mode, a generated
# secret), /backups for compose's backup service: no VOLUME here, so a command's container makes no
# anonymous volume; compose.yaml mounts named ones, which take these folders' owner.
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# node, not npm: the signal goes straight to the server (scripts/start.mjs runs it in its own process,
# and gives Node the heap limit HEAP_MB says), as `npm start` does.
CMD ["node", "scripts/start.mjs"]

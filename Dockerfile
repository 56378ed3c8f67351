# syntax=docker/dockerfile:1
# The shop as a container: build with the dev tools, run without them, as a non-root user.
# Compose file and deployment guide: compose.yaml, docs/deploying.md.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The server build, plus the sources the commands run on Node's own TypeScript support
# (npm run migrate, staff, backup, restore, media:move) and the migrations they apply.
COPY --from=build /app/build ./build
COPY api ./api
COPY contract ./contract
COPY locales ./locales
COPY scripts/start.mjs ./scripts/start.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]

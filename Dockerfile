# Flight Chess: the game server and the web client it serves, in one small image.
#   docker build -t flightchess .
#   docker run -p 2567:2567 -v flightchess-data:/data flightchess
# Configuration is environment variables only (README: Configuration). Or simply: docker compose up.

ARG NODE_IMAGE=node:20-bookworm

# The workspace manifests: enough for npm ci, so that the install layers are cached until they change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/rules/package.json packages/rules/
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# Everything, to build the web client (Vite) and bundle the server (esbuild).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/rules packages/rules
COPY packages/protocol packages/protocol
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build:web && npm run build -w @flightchess/server

# The server's production dependencies only, better-sqlite3 built for this platform. The bundle
# carries our own code, so the workspace links go, and of better-sqlite3 only its binary stays.
FROM manifests AS deps
RUN npm ci --omit=dev --workspace @flightchess/server --no-audit --no-fund \
 && rm -rf node_modules/@flightchess node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
 && find node_modules/better-sqlite3/build -type f ! -name better_sqlite3.node -delete

FROM ${NODE_IMAGE}-slim AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    PORT=2567 \
    DATA_DIR=/data \
    WEB_DIST=/app/web
WORKDIR /app
COPY --from=deps /src/node_modules ./node_modules
COPY --from=build /src/apps/server/dist ./server
COPY --from=build /src/apps/web/dist ./web
COPY deploy/healthcheck.mjs ./healthcheck.mjs
# The SQLite database lives in /data (a volume), writable by the unprivileged user the server runs as.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 2567
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 CMD ["node", "healthcheck.mjs"]
# SIGTERM stores every table and exits; the next process restores them (SHUTDOWN_MODE=drain lets games finish first).
STOPSIGNAL SIGTERM
CMD ["node", "server/main.js"]

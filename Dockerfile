# The store in a container: `docker build -t nocturn .`, or `docker compose up --build` with
# compose.yaml (PostgreSQL, two store processes, nginx). The steps are the ones CI runs (npm ci,
# npm run build, node server.js on Node.js 24); CI cannot build the image itself (no Docker daemon
# on its machine), see README "Containers".

# --- the production build, with every dependency ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# patches/ before `npm ci`: its postinstall applies them (patch-package)
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci
COPY . .
RUN npm run build

# --- production dependencies only ---
FROM node:24-bookworm-slim AS deps
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json .npmrc ./
# --ignore-scripts: the one install script is the project's postinstall (patch-package, a dev
# dependency, patching @react-router/dev, another); no production dependency has one
RUN npm ci --omit=dev --ignore-scripts

# --- the runtime: the build, the production dependencies, the sources `npm run admin:create` and
# `npm run seed:demo` run (with tsx), the migrations; runs as the image's unprivileged `node` user ---
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false
COPY --from=deps /app/node_modules ./node_modules
COPY . .
COPY --from=build /app/build ./build
# DATA_DIR, and a folder for MEDIA_SHARED_DIR (compose.yaml mounts a volume there; a new volume
# takes this folder's owner), both the node user's
RUN mkdir -p /app/data /app/media && chown node:node /app/data /app/media
USER node
EXPOSE 3000
# the store drains on SIGTERM (SHUTDOWN_DRAIN_MS, 5 s, then up to 10 s for requests in flight):
# give it a stop timeout above 15 s (`docker stop -t 20`, compose's stop_grace_period)
STOPSIGNAL SIGTERM
# liveness: /healthz never asks the database (docs/OPERATIONS.md); the slim image has no curl.
# start-period: a first start waits for PostgreSQL, migrates and seeds the demo catalog
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm, so that SIGTERM reaches the store
CMD ["node", "server.js"]

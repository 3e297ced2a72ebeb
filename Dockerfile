# The store in a container: `docker build -t nocturn .`, or `docker compose up --build` with
# compose.yaml (PostgreSQL, two store processes, nginx). CI builds and runs both with podman
# (.ci/container; README "Containers" says what it checks).

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
COPY deploy/prune-node-modules.mjs ./
# --ignore-scripts: the one install script is the project's postinstall (patch-package, a dev
# dependency); no production dependency has one. Then out with what npm keeps under --omit=dev
# only because a production package names it as an optional peer: typescript, vite, vitest,
# drizzle-kit... (deploy/prune-node-modules.mjs says how)
RUN npm ci --omit=dev --ignore-scripts && node prune-node-modules.mjs
# the production packages patches/ patches (React Router, lucide-react), as the build stage's
# postinstall left them
COPY --from=build /app/node_modules/react-router ./node_modules/react-router
COPY --from=build /app/node_modules/lucide-react ./node_modules/lucide-react

# --- the runtime: the build, the production dependencies, the migrations, and what the tsx
# scripts `npm run admin:create`, `seed:demo`, `db:backup` and `db:restore` run (the scripts, the
# server and core sources they import, tsconfig.json tsx compiles with); no tests, no configs of
# the build, lint or tests. Runs as the image's unprivileged `node` user ---
FROM node:24-bookworm-slim
WORKDIR /app
# glibc's malloc: one arena instead of eight per core, and freed memory handed back above 128 kB
# instead of a threshold that rises with every large buffer freed (docs/PERFORMANCE.md, "Memory")
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=1 MALLOC_TRIM_THRESHOLD_=131072 \
    NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.js node-flags.js tsconfig.json ./
COPY drizzle ./drizzle
COPY core ./core
COPY server ./server
COPY scripts/create-admin.ts scripts/seed-demo.ts scripts/db-backup.ts scripts/db-restore.ts ./scripts/
# DATA_DIR, and a folder for MEDIA_SHARED_DIR (compose.yaml mounts a volume there; a new volume
# takes this folder's owner), both the node user's
RUN mkdir -p /app/data /app/media && chown node:node /app/data /app/media
USER node
EXPOSE 3000
# the store drains on SIGTERM (SHUTDOWN_DRAIN_MS, 5 s, then up to 10 s for requests in flight):
# give it a stop timeout above 15 s (`docker stop -t 20`, compose's stop_grace_period)
STOPSIGNAL SIGTERM
# liveness: /healthz never asks the database (docs/OPERATIONS.md); the slim image has no curl.
# start-period: a first start waits for PostgreSQL, migrates and seeds the demo catalog.
# (podman keeps a HEALTHCHECK only in Docker's image format: `podman build --format docker`)
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm, so that SIGTERM reaches the store (`exec`: the shell hands process 1 to
# node); V8's young generation sized for the database, as `npm run serve` starts it
# (node-flags.js: 2 × 4 MiB with the embedded PGlite, 2 × 32 MiB on PostgreSQL)
CMD ["sh", "-c", "exec node $(node node-flags.js) server.js"]

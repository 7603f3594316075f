# syntax=docker/dockerfile:1.7
#
# The reverse proxy of docker-compose.yml: nginx serving the built SPA and routing /api by
# method and path to the command API and the query API (nginx/acres.conf).
#
#   docker build -f infra/docker/proxy.Dockerfile -t acres/proxy .

ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.29-alpine

# --- deps: the workspaces' packages (the SPA build needs vite, react, tailwind, contracts) --
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
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
RUN npm ci --no-audit --no-fund

# --- web-build: the SPA's static bundle -----------------------------------------------------
FROM deps AS web-build
COPY tsconfig.json ./
COPY contracts ./contracts
COPY web ./web
RUN npm run build -w @acres/web

# --- proxy: nginx as an unprivileged user (uid 101), listening on 8080 ---------------------
FROM ${NGINX_IMAGE} AS proxy
# A template: at start the image's entrypoint renders it with envsubst into
# /etc/nginx/conf.d/default.conf, S3_ENDPOINT alone (the filter keeps nginx's own $variables).
ENV NGINX_ENVSUBST_FILTER=^S3_ENDPOINT$
COPY infra/docker/nginx/acres.conf /etc/nginx/templates/default.conf.template
COPY --from=web-build /app/web/dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1

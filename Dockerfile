# One image for the API (which also serves the built web app) and the worker;
# docker-compose.yml picks the command. The real data (../shared/data) is never
# copied in: compose mounts it read-only at /data.
FROM node:24-bookworm-slim

RUN apt-get update \
 && apt-get install -y --no-install-recommends openssl \
 && rm -rf /var/lib/apt/lists/* \
 && npm install -g pnpm@12 \
 && mkdir -p /var/lib/tko/exports /var/lib/tko/attachments /var/lib/tko/imports && chown node:node /var/lib/tko/exports /var/lib/tko/attachments /var/lib/tko/imports

WORKDIR /app
# Dependencies first (cached while the lockfile is unchanged), then the sources.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline \
 && pnpm --filter @tko/db generate \
 && pnpm --filter @tko/web build

ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data EXPORT_DIR=/var/lib/tko/exports ATTACHMENTS_DIR=/var/lib/tko/attachments IMPORT_DIR=/var/lib/tko/imports
USER node
EXPOSE 8080
CMD ["pnpm", "--filter", "@tko/api", "start"]

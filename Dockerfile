# One image for the API (which also serves the built web app), the worker and the tracker;
# docker-compose.yml picks the command. All three run compiled JavaScript (apps/*/dist, made by
# `pnpm build:server` below; scripts/build-server.ts), not TypeScript through tsx. The real
# data (../shared/data) is never copied in: compose mounts it read-only at /data.
FROM node:24-bookworm-slim

# The region tools (docs/REGION.md, `pnpm region:load`): osm2pgsql (address index), osm2pgrouting
# (road graph), tilemaker (base map), osmium-tool (.osm <-> .osm.pbf), Noto Sans (the base map's
# glyphs). The slim image drops /usr/share/doc; tilemaker's OpenMapTiles profile lives there, so
# it is kept by a dpkg path-include read after the image's exclude (files sort by name).
RUN echo 'path-include /usr/share/doc/tilemaker/*' > /etc/dpkg/dpkg.cfg.d/zz-tko-keep-tilemaker \
 && apt-get update \
 && apt-get install -y --no-install-recommends openssl ca-certificates \
      osm2pgsql osm2pgrouting tilemaker osmium-tool fonts-noto-core \
 && test -f /usr/share/doc/tilemaker/examples/config-openmaptiles.json \
 && test -f /usr/share/osm2pgrouting/mapconfig_for_cars.xml \
 && rm -rf /var/lib/apt/lists/* \
 && npm install -g pnpm@12 \
 && mkdir -p /var/lib/tko/exports /var/lib/tko/attachments /var/lib/tko/imports /var/lib/tko/basemap \
 && chown node:node /var/lib/tko/exports /var/lib/tko/attachments /var/lib/tko/imports /var/lib/tko/basemap

WORKDIR /app
# Dependencies first (cached while the lockfile is unchanged), then the sources.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline \
 && pnpm --filter @tko/db generate \
 && pnpm --filter @tko/web build \
 && pnpm build:server

ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data EXPORT_DIR=/var/lib/tko/exports ATTACHMENTS_DIR=/var/lib/tko/attachments IMPORT_DIR=/var/lib/tko/imports \
    BASEMAP_DIR=/var/lib/tko/basemap \
    TILEMAKER_CONFIG=/usr/share/doc/tilemaker/examples/config-openmaptiles.json \
    TILEMAKER_PROCESS=/usr/share/doc/tilemaker/examples/process-openmaptiles.lua \
    OSM2PGROUTING_PROFILE=/usr/share/osm2pgrouting/mapconfig_for_cars.xml
USER node
EXPOSE 8080
CMD ["pnpm", "--filter", "@tko/api", "start"]

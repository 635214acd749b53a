-- OSM administrative boundaries of the region (issue 27 §2; docs/ANALYTICS.md «Sites placed by
-- boundaries»): boundary=administrative relations of admin_level 6 (municipal districts, city and
-- municipal okrugs) and 8 (settlements), written by the region loader (@tko/geocoding
-- region/load.ts, part `boundaries`) and matched to an ОКТМО municipal formation by @tko/db
-- oktmo/boundaries.ts (`oktmo`, 8 digits «TER KOD1 000», and how: the relation's ОКТМО tag or its
-- name). A site whose settlement names no loaded unit is placed in the formation whose polygon
-- covers its point. Derived data in the schema `osm` (a region reload replaces the rows).
CREATE SCHEMA IF NOT EXISTS osm;
CREATE TABLE osm.admin_boundary (
    osm_id      bigint PRIMARY KEY,
    admin_level smallint NOT NULL CHECK (admin_level IN (6, 8)),
    name        text,
    oktmo_tag   text,
    oktmo       text CHECK (oktmo ~ '^[0-9]{8}$'),
    matched_by  text CHECK (matched_by IN ('tag', 'name')),
    geom        geometry(MultiPolygon, 4326) NOT NULL
);
CREATE INDEX admin_boundary_geom_idx ON osm.admin_boundary USING gist (geom);

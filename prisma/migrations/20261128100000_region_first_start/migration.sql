-- A region ready to work on first start (docs/DATA.md «What the first start creates»): a garage's point may be an
-- estimate (the median of its trucks' sites, set by the route plan import) and says so, as the other registries'
-- coordinates_needs_checking do; the schedules a route plan describes keep their key in the plan, so a second
-- import updates them instead of adding copies.
ALTER TABLE "garage" ADD COLUMN "coordinates_needs_checking" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "schedule" ADD COLUMN "data_import_source" TEXT, ADD COLUMN "external_id" TEXT;
CREATE UNIQUE INDEX "schedule_data_import_source_external_id_key" ON "schedule" ("data_import_source", "external_id");

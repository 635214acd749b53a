-- Indexes measured in bench/ (EXPLAIN ANALYZE, BUFFERS; bench/RESULTS.md).
-- 1. The list's count + sum(count_containers) query reads an index instead of deforming every
--    wide row: index-only scans for the unfiltered and the status / contract-zone filtered lists.
CREATE INDEX "waste_area_kind_count_containers_id_idx" ON "waste_area" ("kind", "count_containers", "id");
CREATE INDEX "waste_area_list_cover_idx" ON "waste_area" ("kind", "status", "contract_zone_id")
    INCLUDE ("count_containers", "has_cover", "periodicity", "type");
-- 2. Every sortable column has (kind, column, id): the repository appends id in the direction of
--    the first key, so a (backward) index scan serves the ORDER BY with no sort.
DROP INDEX "waste_area_kind_identifier_idx";
CREATE INDEX "waste_area_kind_identifier_id_idx" ON "waste_area" ("kind", "identifier", "id");
DROP INDEX "waste_area_kind_registry_number_idx";
CREATE INDEX "waste_area_kind_registry_number_id_idx" ON "waste_area" ("kind", "registry_number", "id");
CREATE INDEX "waste_area_kind_type_id_idx" ON "waste_area" ("kind", "type", "id");
CREATE INDEX "waste_area_kind_periodicity_id_idx" ON "waste_area" ("kind", "periodicity", "id");
CREATE INDEX "waste_area_kind_created_at_id_idx" ON "waste_area" ("kind", "created_at", "id");
CREATE INDEX "waste_area_kind_last_update_at_id_idx" ON "waste_area" ("kind", "last_update_at", "id");

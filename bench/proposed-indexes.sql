-- Indexes proposed from the benchmark's EXPLAIN (ANALYZE, BUFFERS) (see RESULTS.md).
-- NOT part of the product schema: `pnpm --filter @tko/bench bench --apply-sql=proposed-indexes.sql`
-- measures them on tko_bench; `--reseed` restores the product schema afterwards.

-- The list's count + sum(count_containers) query: an index-only scan instead of a heap scan
-- that deforms every 440-byte row up to column 47 (count_containers) and 35 (has_cover).
CREATE INDEX IF NOT EXISTS waste_area_list_cover_idx
    ON waste_area (kind, status, contract_zone_id) INCLUDE (count_containers, has_cover, periodicity, type);

-- orderSql() appends `id` in the direction of the first key: with the id in the index the
-- backward scan serves ORDER BY identifier DESC, id DESC directly (no incremental sort over
-- the ~4 600 NULL identifiers), and ORDER BY count_containers DESC, id DESC needs no sort of
-- every filtered row.
CREATE INDEX IF NOT EXISTS waste_area_kind_identifier_id_idx ON waste_area (kind, identifier, id);
DROP INDEX IF EXISTS waste_area_kind_identifier_idx;
CREATE INDEX IF NOT EXISTS waste_area_kind_count_containers_id_idx ON waste_area (kind, count_containers, id);

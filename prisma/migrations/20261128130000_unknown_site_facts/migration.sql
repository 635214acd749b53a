-- Unknown is its own state (docs/PROBLEMS.md «Неизвестно — не соответствует»): the surveyed
-- characteristics of a waste area — access, base, fence, coverage, roof — are NULL until somebody
-- records them; they had NOT NULL defaults (FREE, CORRESPONDS, CORRESPONDS, ASPHALT, false), so
-- every imported site counted as compliant.
ALTER TABLE "waste_area"
    ALTER COLUMN "access" DROP NOT NULL, ALTER COLUMN "access" DROP DEFAULT,
    ALTER COLUMN "platform_basement" DROP NOT NULL, ALTER COLUMN "platform_basement" DROP DEFAULT,
    ALTER COLUMN "fence" DROP NOT NULL, ALTER COLUMN "fence" DROP DEFAULT,
    ALTER COLUMN "coverage_type" DROP NOT NULL, ALTER COLUMN "coverage_type" DROP DEFAULT,
    ALTER COLUMN "has_cover" DROP NOT NULL, ALTER COLUMN "has_cover" DROP DEFAULT;

-- The defaulted values of imported sites are cleared where the import recorded no value. How an
-- import is told apart (its source and history):
--   * the Angarsk route plan (data_import_source 'angarsk_route_plan_example2', docs/DATA.md) has
--     no column for any of them;
--   * a system import's create (import_record) recorded the field only when its file mapped a
--     column to it (import_file.column_mapping: column → field key);
-- and a value somebody recorded afterwards (a change_log update of the site naming the field) is
-- kept. Only a value equal to the old default can be a default.
CREATE FUNCTION pg_temp.unknown_fact(w waste_area, field text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (w.data_import_source = 'angarsk_route_plan_example2'
          OR EXISTS (SELECT 1 FROM import_record r JOIN import_file f ON f.id = r.import_file_id
                      WHERE r.record_id = w.id AND r.action = 'create'
                        AND r.registry IN ('container', 'special', 'collection', 'chamber', 'bulk')
                        AND NOT EXISTS (SELECT 1 FROM jsonb_each_text(f.column_mapping) m WHERE m.value = field)))
     AND NOT EXISTS (SELECT 1 FROM change_log c
                      WHERE c.object_id = w.id AND c.action = 'update'
                        AND c.resource IN ('container', 'special', 'collection', 'chamber', 'bulk')
                        AND c.after ? field)
$$;

UPDATE "waste_area" w SET
    "access" = CASE WHEN w."access" = 'FREE' AND pg_temp.unknown_fact(w, 'access') THEN NULL ELSE w."access" END,
    "platform_basement" = CASE WHEN w."platform_basement" = 'CORRESPONDS' AND pg_temp.unknown_fact(w, 'platform_basement') THEN NULL ELSE w."platform_basement" END,
    "fence" = CASE WHEN w."fence" = 'CORRESPONDS' AND pg_temp.unknown_fact(w, 'fence') THEN NULL ELSE w."fence" END,
    "coverage_type" = CASE WHEN w."coverage_type" = 'ASPHALT' AND pg_temp.unknown_fact(w, 'coverage_type') THEN NULL ELSE w."coverage_type" END,
    "has_cover" = CASE WHEN NOT w."has_cover" AND pg_temp.unknown_fact(w, 'has_cover') THEN NULL ELSE w."has_cover" END
 WHERE w."data_import_source" IS NOT NULL
    OR EXISTS (SELECT 1 FROM import_record r WHERE r.record_id = w.id AND r.action = 'create'
                 AND r.registry IN ('container', 'special', 'collection', 'chamber', 'bulk'));

-- «Неполные сведения» (P000): one finding per object whose required facts are unknown, kept apart
-- from violations by the problem's kind (the contract's PROBLEM_TYPES; written by the detector).
ALTER TABLE "problem" DROP CONSTRAINT "problem_code_check";
ALTER TABLE "problem" ADD CONSTRAINT "problem_code_check" CHECK ("code" IN ('P000', 'P001', 'P002', 'P003', 'P004', 'P005', 'P006', 'P007', 'P008', 'P009', 'P010', 'P011', 'P012', 'P013', 'P014', 'P015', 'P016', 'P017', 'P018', 'P019', 'P020', 'P021', 'P101', 'P201', 'P301', 'P401'));
ALTER TABLE "problem" ADD COLUMN "kind" text NOT NULL DEFAULT 'VIOLATION',
    ADD CONSTRAINT "problem_kind_check" CHECK ("kind" IN ('VIOLATION', 'DATA_GAP'));
CREATE INDEX "problem_kind_open_idx" ON "problem" ("kind", "code") WHERE "closed_at" IS NULL;

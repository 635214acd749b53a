-- The incremental problem detector (docs/DECISIONS.md «Analytics: problems», issue 27 §1): a run
-- records whether it checked every object (FULL) or only those changed since the last run over all
-- rules (INCREMENTAL), the change_log id it read up to (its watermark), the day it ran on, the key
-- of the state every object depends on (rule texts, season, contracts kept, ОКТМО units) and how
-- many objects of each type it re-checked.
ALTER TABLE "problem_detector_run"
    ADD COLUMN "mode"          text NOT NULL DEFAULT 'FULL',
    ADD COLUMN "all_rules"     boolean NOT NULL DEFAULT true,
    ADD COLUMN "change_log_id" bigint,
    ADD COLUMN "day"           date,
    ADD COLUMN "state_key"     text,
    ADD COLUMN "scope"         jsonb,
    ADD CONSTRAINT "problem_detector_run_mode_check" CHECK ("mode" IN ('FULL', 'INCREMENTAL'));

-- Answer terms of appeals per category (issue 25 §2): [{category, days, working_days}]; a category
-- not listed takes its default (contract appeals/appeal-terms.ts: 3 working days by the contract,
-- 30 days by 59-ФЗ).
ALTER TABLE "system_settings" ADD COLUMN "appeal_terms" jsonb NOT NULL DEFAULT '[]';

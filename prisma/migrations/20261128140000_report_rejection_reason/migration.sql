-- A report is rejected with its reason (the reviewer's «Отклонить» needs one): kept on the report,
-- shown to the declarant, and in the change history of the step.
ALTER TABLE "report" ADD COLUMN "rejection_reason" text;

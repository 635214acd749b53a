-- Every problem carries who is to act on it (the object's organisation, else the contract's
-- customer, else the municipality — docs/PROBLEMS.md «Routing»), next to its ОКТМО; the list
-- filters by both.
ALTER TABLE "problem" ADD COLUMN "responsible" text;
CREATE INDEX "problem_oktmo_idx" ON "problem" ("oktmo", "id");

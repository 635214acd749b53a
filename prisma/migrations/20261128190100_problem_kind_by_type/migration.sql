-- A problem typed by hand took the column default VIOLATION whatever its type; «неполные сведения»
-- (P000, kind DATA_GAP in the contract's PROBLEM_TYPES) is kept apart from violations (issue 27 §1).
-- From now on the problems' write effect sets the kind from the type; this corrects the rows before it.
UPDATE "problem" SET "kind" = 'DATA_GAP' WHERE "code" = 'P000' AND "kind" <> 'DATA_GAP';

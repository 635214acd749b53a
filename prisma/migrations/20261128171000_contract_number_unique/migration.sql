-- Contract numbers are unique per regional operator (issue 25 §1; ПП РФ № 1156: one contract per
-- number and party); the revisions of one contract share its number. The key is
-- (coalesce(contractor_id, 0), number) across lineages (coalesce(lineage_id, id)), which no unique
-- index can say (revisions repeat the key), so a trigger checks it under a transaction-level
-- advisory lock on the key (two concurrent writers of one number wait for each other). It raises
-- unique_violation on `number` (the API answers 400 «…уже существует.» on that field).
-- A new revision (modules/contracts, POST {id}/revision/) names its lineage beforehand in the
-- transaction-local setting tko.contract_revision_of, since its row is inserted before being
-- attached. Rows written before this migration are not re-checked.
CREATE FUNCTION "contract_number_unique"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lin integer := coalesce(NEW.lineage_id, NEW.id);
  revision_of text;
  other integer;
BEGIN
  IF TG_OP = 'INSERT' AND NEW.lineage_id IS NULL THEN
    revision_of := current_setting('tko.contract_revision_of', true);
    IF revision_of IS NOT NULL AND revision_of <> '' THEN lin := revision_of::integer; END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('contract_number'), hashtext(coalesce(NEW.contractor_id, 0)::text || '|' || NEW.number));
  SELECT c.id INTO other FROM contract c
   WHERE c.number = NEW.number AND coalesce(c.contractor_id, 0) = coalesce(NEW.contractor_id, 0)
     AND coalesce(c.lineage_id, c.id) <> lin AND c.id <> NEW.id
   LIMIT 1;
  IF other IS NOT NULL THEN
    RAISE EXCEPTION 'contract number % is taken by contract %', NEW.number, other
      USING ERRCODE = 'unique_violation', DETAIL = format('Key (number)=(%s) already exists.', NEW.number);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "contract_number_unique" BEFORE INSERT OR UPDATE OF "number", "contractor_id", "lineage_id" ON "contract"
    FOR EACH ROW EXECUTE FUNCTION "contract_number_unique"();

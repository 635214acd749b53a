-- A request created without an application date is dated today (spec 02 §3 "Request"; the API sends null for an omitted date).
CREATE FUNCTION collection_request_application_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.application_date IS NULL THEN NEW.application_date := CURRENT_DATE; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "collection_request_application_date" BEFORE INSERT ON "collection_request"
  FOR EACH ROW EXECUTE FUNCTION collection_request_application_date();

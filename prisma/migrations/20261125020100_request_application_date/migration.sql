-- A request's application date may be cleared in the card (null); a create without it still gets today.
ALTER TABLE "collection_request" ALTER COLUMN "application_date" DROP NOT NULL;

-- Finished xlsx exports (issue 8 §7): one row per export file the worker has written, so that
-- the download link (GET /api/jobs/{id}/ and /api/jobs/{id}/file/) keeps working when Redis has
-- lost the BullMQ job (a Redis restart without its data, a flushed queue). Written by the
-- worker's xlsx-export processor when the file is renamed to its final name; the scheduled
-- export-cleanup job deletes the file after EXPORT_TTL_SECONDS and marks the row 'expired'.
-- Hand-written; prisma/schema.prisma describes the same table (drift tests in packages/db/test).

CREATE TABLE "export_record" (
    -- The BullMQ job id (a random UUID for the API's jobs; any text for hand-made ones).
    "id"            text NOT NULL,
    "user_id"       integer NOT NULL,
    -- Registry resource name of the contract (e.g. 'container').
    "resource"      text NOT NULL,
    -- File name inside EXPORT_DIR (`<id>.xlsx`) and the name offered to the browser.
    "file"          text NOT NULL,
    "download_name" text NOT NULL,
    "rows"          integer NOT NULL,
    "status"        text NOT NULL DEFAULT 'completed',
    "created_at"    timestamptz(6) NOT NULL DEFAULT now(),
    "expires_at"    timestamptz(6) NOT NULL,
    CONSTRAINT "export_record_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "export_record_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "app_user" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "export_record_status_check" CHECK ("status" IN ('completed', 'expired')),
    CONSTRAINT "export_record_rows_check" CHECK ("rows" >= 0)
);
-- The cleanup job: rows whose file is due.
CREATE INDEX "export_record_expires_at_idx" ON "export_record" ("expires_at");
CREATE INDEX "export_record_user_id_idx" ON "export_record" ("user_id");

-- Plan and fact of a schedule's work date (docs/TRACKING.md «Plan and fact»): the last computed
-- answer of GET /api/fleet/schedules/{id}/plan-fact/{date}/ (contract PlanFactDaySchema, jsonb),
-- and one row per due site with its status and first service, which the missed-site follow-up
-- (dispatcher event, problem) and the appeal card's «last services» read.
CREATE TABLE "plan_fact_day" (
    "schedule_id" INTEGER NOT NULL REFERENCES "schedule"("id") ON DELETE CASCADE,
    "work_date"   DATE NOT NULL,
    "computed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "result"      JSONB NOT NULL,
    PRIMARY KEY ("schedule_id", "work_date")
);

-- site_key: 'a{waste_area_id}' or 'r{collection_request_id}'. Times are instants (UTC); dwell s, distance m.
CREATE TABLE "plan_fact_site" (
    "schedule_id"           INTEGER NOT NULL REFERENCES "schedule"("id") ON DELETE CASCADE,
    "work_date"             DATE NOT NULL,
    "site_key"              TEXT NOT NULL,
    "waste_area_id"         INTEGER REFERENCES "waste_area"("id") ON DELETE CASCADE,
    "collection_request_id" INTEGER REFERENCES "collection_request"("id") ON DELETE CASCADE,
    "status"                TEXT NOT NULL CONSTRAINT "plan_fact_site_status_check"
                              CHECK ("status" IN ('served', 'served_unplanned', 'late', 'missed', 'pending')),
    "window_close"          TIMESTAMPTZ(6) NOT NULL,
    "vehicle_id"            INTEGER REFERENCES "vehicle"("id") ON DELETE SET NULL,
    "arrived_at"            TIMESTAMPTZ(6),
    "left_at"               TIMESTAMPTZ(6),
    "dwell_s"               INTEGER,
    "distance_m"            INTEGER,
    "dispatcher_event_id"   INTEGER REFERENCES "dispatcher_event"("id") ON DELETE SET NULL,
    "problem_id"            INTEGER REFERENCES "problem"("id") ON DELETE SET NULL,
    "updated_at"            TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    PRIMARY KEY ("schedule_id", "work_date", "site_key")
);
CREATE INDEX "plan_fact_site_area_idx" ON "plan_fact_site" ("waste_area_id", "arrived_at");
CREATE INDEX "plan_fact_site_open_idx" ON "plan_fact_site" ("status", "work_date") WHERE "status" = 'missed';

-- Route events filled automatically from plan and fact (spec 03 §3 «Route event», creation_mode AUTO;
-- docs/TRACKING.md «Route events from plan and fact»): the creation mode AUTO, and the link of a
-- planned route of a (schedule, work date) to the route event the plan/fact job keeps for it, with
-- the fingerprint of what was last written (a recompute that changes nothing writes nothing).
-- schedule_route_id has no foreign key on purpose: a plan saved again replaces the date's routes,
-- and the job then deletes the route events of the routes that are gone (through the write pipeline).
ALTER TABLE "route_event" DROP CONSTRAINT "route_event_creation_mode_check";
ALTER TABLE "route_event" ADD CONSTRAINT "route_event_creation_mode_check" CHECK ("creation_mode" IN ('MANUAL', 'IMPORT', 'PLANNED', 'AUTO'));

CREATE TABLE "plan_fact_route_event" (
    "schedule_route_id" INTEGER NOT NULL PRIMARY KEY,
    "schedule_id"       INTEGER NOT NULL REFERENCES "schedule"("id") ON DELETE CASCADE,
    "work_date"         DATE NOT NULL,
    "route_event_id"    INTEGER NOT NULL UNIQUE REFERENCES "route_event"("id") ON DELETE CASCADE,
    "fingerprint"       TEXT NOT NULL
);
CREATE INDEX "plan_fact_route_event_day_idx" ON "plan_fact_route_event" ("schedule_id", "work_date");

-- The position ingest asks for the recompute of every schedule with a site of the date still missed
-- or pending (any truck may serve it: served_unplanned): found through this index.
CREATE INDEX "plan_fact_site_unresolved_idx" ON "plan_fact_site" ("work_date") WHERE "status" IN ('missed', 'pending');

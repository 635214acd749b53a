-- Issue 11 §2, once the fleet tables exist (route: migration 20261125020000, staff_member: 20261125010000):
-- a dispatcher event links the route it concerns (spec 03 §3 «route»); a route event's driver is a staff
-- member instead of a typed name. Contract: packages/contract/src/resources/dispatcher.ts.
ALTER TABLE "dispatcher_event" ADD COLUMN "route_id" integer,
    ADD CONSTRAINT "dispatcher_event_route_id_fkey" FOREIGN KEY ("route_id") REFERENCES "route" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "dispatcher_event_route_id_idx" ON "dispatcher_event" ("route_id");

ALTER TABLE "route_event" DROP COLUMN "driver",
    ADD COLUMN "driver_id" integer,
    ADD CONSTRAINT "route_event_driver_id_fkey" FOREIGN KEY ("driver_id") REFERENCES "staff_member" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "route_event_driver_id_idx" ON "route_event" ("driver_id");

-- Way-bill → route of the registry (issue 10, round 2): `route_id` names a route of `route`
-- (nullable, SET NULL when the route is deleted); the free-text `route` stays for routes kept
-- outside the registry and is what the printed form shows when no route is chosen.

ALTER TABLE "waybill" ADD COLUMN "route_id" integer;
ALTER TABLE "waybill" ADD CONSTRAINT "waybill_route_id_fkey" FOREIGN KEY ("route_id") REFERENCES "route" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "waybill_route_id_idx" ON "waybill" ("route_id");

-- GPS positions of the fleet (issue 10 §3). Wialon IPS receiver (apps/tracker) and the REST
-- ingest write here; the tracking screen reads trips from here.
--
-- Partitioned by day on "time" (declarative range partitioning). The partitions live in their own
-- schema "vehicle_position_part" (named vehicle_position_YYYYMMDD), so the public schema holds one
-- table per schema.prisma model; they are created ahead of need by
-- ensure_vehicle_position_partition(day) — called by the receiver / REST ingest for every day a
-- batch touches and for today + tomorrow at start-up (packages/db src/tracking/partitions.ts).
-- No DEFAULT partition: a position outside every partition would block creating that day's one.
-- No foreign key to "vehicle": a per-row FK check on the hottest insert path and a cascade over
-- millions of rows on a vehicle delete are not worth it for a log; a deleted vehicle's positions
-- go with their partitions (retention) and are never shown (reads join "vehicle").
CREATE SCHEMA IF NOT EXISTS "vehicle_position_part";

CREATE TABLE "vehicle_position" (
    "vehicle_id" integer NOT NULL,
    "time"       timestamptz(6) NOT NULL,
    "lat"        double precision NOT NULL,
    "lng"        double precision NOT NULL,
    "speed"      real,
    "course"     integer,
    "altitude"   integer,
    "sats"       integer,
    CONSTRAINT "vehicle_position_pkey" PRIMARY KEY ("vehicle_id", "time"),
    CONSTRAINT "vehicle_position_lat_check" CHECK ("lat" BETWEEN -90 AND 90),
    CONSTRAINT "vehicle_position_lng_check" CHECK ("lng" BETWEEN -180 AND 180)
) PARTITION BY RANGE ("time");
-- The primary key is the btree (vehicle_id, time) of the trips query; BRIN on time for the
-- time-range scans of maintenance and the bench (tiny: rows arrive in time order).
CREATE INDEX "vehicle_position_time_brin" ON "vehicle_position" USING brin ("time");

-- Creates the partition of one UTC day if it is missing; safe when two processes race (the
-- loser's duplicate_table error is swallowed). Returns the partition's name.
CREATE OR REPLACE FUNCTION ensure_vehicle_position_partition(day date) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  part text := 'vehicle_position_' || to_char(day, 'YYYYMMDD');
BEGIN
  IF to_regclass(format('vehicle_position_part.%I', part)) IS NULL THEN
    BEGIN
      EXECUTE format(
        'CREATE TABLE vehicle_position_part.%I PARTITION OF public.vehicle_position FOR VALUES FROM (%L) TO (%L)',
        part, (day::timestamp AT TIME ZONE 'UTC'), ((day + 1)::timestamp AT TIME ZONE 'UTC'));
    EXCEPTION WHEN duplicate_table THEN NULL;
    END;
  END IF;
  RETURN part;
END $$;

-- The vehicle's last known position, kept by the ingest (helper A's migration owns these columns;
-- IF NOT EXISTS keeps this one runnable whichever lands first).
ALTER TABLE "vehicle" ADD COLUMN IF NOT EXISTS "last_online_at" timestamptz(6);
ALTER TABLE "vehicle" ADD COLUMN IF NOT EXISTS "last_position" geometry(Point, 4326);
ALTER TABLE "vehicle" ADD COLUMN IF NOT EXISTS "external_identifier" text;
CREATE INDEX IF NOT EXISTS "vehicle_external_identifier_idx" ON "vehicle" ("external_identifier");

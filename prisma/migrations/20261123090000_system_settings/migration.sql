-- System settings (spec 03 "System settings"): one row for the installation (id = 1), read by
-- GET /api/system-settings/ and written by PUT. All fields optional: a map without a centre
-- fits its data.
CREATE TABLE "system_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "region" TEXT,
    "center_coordinates" geometry(Point, 4326),
    "map_zoom" INTEGER,
    "map_zoom_mini" INTEGER,
    "route_periodicity_from" DATE,
    "radius_filter" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "system_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "system_settings_id_check" CHECK ("id" = 1),
    CONSTRAINT "system_settings_map_zoom_check" CHECK ("map_zoom" BETWEEN 0 AND 22),
    CONSTRAINT "system_settings_map_zoom_mini_check" CHECK ("map_zoom_mini" BETWEEN 0 AND 22),
    CONSTRAINT "system_settings_radius_filter_check" CHECK ("radius_filter" BETWEEN 1 AND 100000)
);

INSERT INTO "system_settings" ("id") VALUES (1);

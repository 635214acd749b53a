-- The warm season of the region (СанПиН 2.1.3684-21 п. 11: ТКО are removed daily while the mean
-- daily temperature is above +5 °C, at least every 3 days at +5 °C and below): its first and last
-- day as 'MM-DD'. Defaults for Irkutsk oblast — the mean daily temperature of Irkutsk crosses
-- +5 °C upwards at the start of May and downwards at the end of September (climate normals,
-- СП 131.13330.2020 «Строительная климатология», table of monthly means: April +1.0 °C, May
-- +8.5 °C, September +8.2 °C, October +0.5 °C); another region sets its own in the settings.
ALTER TABLE "system_settings"
    ADD COLUMN "warm_season_from" text NOT NULL DEFAULT '05-01',
    ADD COLUMN "warm_season_to" text NOT NULL DEFAULT '09-30',
    ADD CONSTRAINT "system_settings_warm_season_from_check" CHECK ("warm_season_from" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
    ADD CONSTRAINT "system_settings_warm_season_to_check" CHECK ("warm_season_to" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$');

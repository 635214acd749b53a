-- An external map style (a MapLibre style.json of an operator's tile service) set by an
-- administrator in Администрирование → Системные настройки, used by /api/config/ while no
-- MAP_STYLE_URL is configured and no region base map is loaded (docs/REGION.md «Подложка карты»).
-- NULL = none. Only an absolute http(s) address (the browser loads it; CSP allows its origin).
ALTER TABLE "system_settings"
    ADD COLUMN "map_style_url" text,
    ADD CONSTRAINT "system_settings_map_style_url_check" CHECK ("map_style_url" ~ '^https?://' AND length("map_style_url") <= 2000);

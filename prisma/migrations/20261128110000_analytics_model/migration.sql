-- The modelled analytics (docs/ANALYTICS.md): the forecast of waste generation scales the sources'
-- normative accumulation by a population coefficient per year, relative to a base year.
-- forecast_base_year: the year the registry describes (NULL = the current year);
-- forecast_growth: [{"year": 2027, "coefficient": 0.995}, …] — population of the year / of the
-- year before; a year not listed counts as 1 (no change).
ALTER TABLE "system_settings"
    ADD COLUMN "forecast_base_year" INTEGER,
    ADD COLUMN "forecast_growth" JSONB NOT NULL DEFAULT '[]',
    ADD CONSTRAINT "system_settings_forecast_base_year_check" CHECK ("forecast_base_year" BETWEEN 2000 AND 2100),
    ADD CONSTRAINT "system_settings_forecast_growth_check" CHECK (jsonb_typeof("forecast_growth") = 'array');

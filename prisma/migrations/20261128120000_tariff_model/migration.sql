-- The predicted tariff by the structure of Приказ ФАС России от 21.11.2016 № 1638/16 for a regional
-- operator (docs/ANALYTICS.md «Прогнозный тариф»): the operators' services at their regulated
-- tariffs and the environmental charge (плата за негативное воздействие на окружающую среду при
-- размещении ТКО) join the НВВ; the fleet's cost of a kilometre and the charge's rate per tonne
-- are what init/ reads.
ALTER TABLE "predicted_tariff"
    ADD COLUMN "operators_expenses" numeric(18, 2),
    ADD COLUMN "environmental_charge" numeric(18, 2);

CREATE OR REPLACE FUNCTION "predicted_tariff_compute"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    nvv numeric;
    vol numeric;
BEGIN
    IF NEW."manual_calculation" THEN
        RETURN NEW;
    END IF;
    -- ТР = transportation_cost (руб/км) × flows_total_distance (км в год)
    NEW."transportation_expenses" := round(NEW."transportation_cost" * NEW."flows_total_distance", 2);
    -- НВВ = ОР + ТР + УО (услуги операторов) + НВОС + СР + РД + К
    nvv := NEW."operating_expenses" + NEW."transportation_expenses" + coalesce(NEW."operators_expenses", 0)
        + coalesce(NEW."environmental_charge", 0) + NEW."sales_expenses"
        + NEW."contracts_maintenance_expenses" + coalesce(NEW."revenue_correction", 0);
    vol := coalesce(NEW."transportation_waste_volume", NEW."flows_total_waste_volume");
    NEW."tariff_of_volume" := CASE WHEN vol > 0 THEN round(nvv / vol, 2) END;
    NEW."tariff_of_weight" := CASE WHEN NEW."transportation_waste_weight" > 0 THEN round(nvv / NEW."transportation_waste_weight", 2) END;
    RETURN NEW;
END $$;

ALTER TABLE "vehicle" ADD COLUMN "cost_per_km" numeric(10, 2),
    ADD CONSTRAINT "vehicle_cost_per_km_check" CHECK ("cost_per_km" >= 0);

ALTER TABLE "system_settings" ADD COLUMN "environmental_charge_rate" numeric(12, 2),
    ADD CONSTRAINT "system_settings_environmental_charge_rate_check" CHECK ("environmental_charge_rate" >= 0);

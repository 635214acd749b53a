-- The loading types of a schedule's vehicle are the contract's LoadingType values (spec 02 §3 "Vehicle").
ALTER TABLE "schedule_vehicle" ADD CONSTRAINT "schedule_vehicle_loading_check"
  CHECK ("loading" <@ ARRAY['SIDE', 'REAR', 'FRONT', 'PORTAL', 'CRANE', 'MULTILIFT', 'BAGGED_MANUAL', 'KGO']::text[]);

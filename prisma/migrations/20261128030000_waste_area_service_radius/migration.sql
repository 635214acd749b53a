-- A site's own service radius for GPS visits (issue 23 §2, docs/TRACKING.md), metres; NULL = the
-- installation's default (TRACKING_VISIT_RADIUS_M). 5–500 as the contract's field (SERVICE_RADIUS_MAX_M).
ALTER TABLE "waste_area" ADD COLUMN "service_radius_m" INTEGER
  CONSTRAINT "waste_area_service_radius_m_check" CHECK ("service_radius_m" BETWEEN 5 AND 500);

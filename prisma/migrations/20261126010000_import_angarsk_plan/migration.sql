-- Import template ANGARSK_PLAN (issue 10 §6): the route plan file (garages, vehicles, container
-- sites and which vehicle serves which site on which days of the month) through the system import.
ALTER TABLE "import_file" DROP CONSTRAINT "import_file_template_type_check";
ALTER TABLE "import_file" ADD CONSTRAINT "import_file_template_type_check" CHECK ("template_type" IN ('NONE', 'CWA_BUNDLE', 'COMPLEX',
    'VEHICLE_COMPLEX', 'CONTRACT_COMPLEX', 'FLOWS', 'WASTE_SOURCE', 'WASTE_SOURCE_COMPLEX', 'BALANCE',
    'WASTE_MANAGEMENT_FACILITY', 'ANGARSK_PLAN'));

-- Fleet registries (issue 10 §1, spec 02 §3 "Vehicle", "Garage", "Staff", "Way-bill"):
-- vehicles and garages extended, the vehicle-model dictionary extended (payload, compression,
-- sources), staff members, way-bills with their tasks, job kinds and fuels.

-- ———————————————————————————— vehicles ————————————————————————————

-- status: ACTIVE (default) | REPAIR | INACTIVE; external_system: WIALON (default) | OTHER.
-- compression_ratio: the body's compaction coefficient as a closed range [lower, upper]
-- (numrange); compression_ratio_min/max are its bounds as plain numerics (generated) for the
-- planner (helper D). last_online_at / last_position are kept by the GPS ingest (issue 10 §3).
ALTER TABLE "vehicle"
    ADD COLUMN "operator_id"       integer,
    ADD COLUMN "model_id"          integer,
    ADD COLUMN "make"              text,
    ADD COLUMN "identifier"        text,
    ADD COLUMN "loading"           text,
    ADD COLUMN "payload_kg"        integer,
    ADD COLUMN "body_m3"           numeric(6, 2),
    ADD COLUMN "compression_ratio" numrange,
    ADD COLUMN "gross_weight_kg"   integer,
    ADD COLUMN IF NOT EXISTS "last_online_at"      timestamptz(6),
    ADD COLUMN IF NOT EXISTS "last_position"       geometry(Point, 4326),
    ADD COLUMN IF NOT EXISTS "external_identifier" text,
    ADD CONSTRAINT "vehicle_operator_id_fkey" FOREIGN KEY ("operator_id")
        REFERENCES "legal_entity" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    ADD CONSTRAINT "vehicle_model_id_fkey" FOREIGN KEY ("model_id")
        REFERENCES "vehicle_model" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    ADD CONSTRAINT "vehicle_loading_check" CHECK ("loading" IN ('SIDE', 'REAR', 'FRONT', 'PORTAL', 'CRANE',
        'MULTILIFT', 'BAGGED_MANUAL', 'KGO')),
    ADD CONSTRAINT "vehicle_status_check" CHECK ("status" IN ('ACTIVE', 'REPAIR', 'INACTIVE')),
    ADD CONSTRAINT "vehicle_external_system_check" CHECK ("external_system" IN ('WIALON', 'OTHER')),
    ADD CONSTRAINT "vehicle_payload_kg_check" CHECK ("payload_kg" >= 0),
    ADD CONSTRAINT "vehicle_gross_weight_kg_check" CHECK ("gross_weight_kg" >= 0),
    ADD CONSTRAINT "vehicle_body_m3_check" CHECK ("body_m3" >= 0);
ALTER TABLE "vehicle"
    ADD COLUMN "compression_ratio_min" numeric(4, 2) GENERATED ALWAYS AS (lower("compression_ratio")::numeric(4, 2)) STORED,
    ADD COLUMN "compression_ratio_max" numeric(4, 2) GENERATED ALWAYS AS (upper("compression_ratio")::numeric(4, 2)) STORED;
CREATE INDEX "vehicle_operator_id_idx" ON "vehicle" ("operator_id");
CREATE INDEX "vehicle_model_id_idx" ON "vehicle" ("model_id");
CREATE INDEX IF NOT EXISTS "vehicle_external_identifier_idx" ON "vehicle" ("external_identifier");
CREATE INDEX "vehicle_last_online_at_idx" ON "vehicle" ("last_online_at");

-- Photos of the truck and its documents (ordered attachment list).
CREATE TABLE "vehicle_attachment" (
    "vehicle_id"    integer NOT NULL REFERENCES "vehicle" ("id") ON DELETE CASCADE,
    "attachment_id" integer NOT NULL REFERENCES "attachment" ("id") ON DELETE RESTRICT,
    "position"      integer NOT NULL,
    PRIMARY KEY ("vehicle_id", "attachment_id")
);
CREATE INDEX "vehicle_attachment_attachment_id_idx" ON "vehicle_attachment" ("attachment_id");

-- ———————————————————————————— vehicle models ————————————————————————————

-- payload_kg: the maker's payload (грузоподъёмность) of the body on that chassis;
-- compression_min/max: the compaction coefficient the maker states (1 = no press);
-- gross_weight_kg: полная масса; source: where the figures come from (docs/DATA.md).
ALTER TABLE "vehicle_model"
    ADD COLUMN "payload_kg"       integer,
    ADD COLUMN "compression_min"  numeric(4, 2),
    ADD COLUMN "compression_max"  numeric(4, 2),
    ADD COLUMN "gross_weight_kg"  integer,
    ADD COLUMN "source"           text,
    ADD CONSTRAINT "vehicle_model_compression_check" CHECK ("compression_min" <= "compression_max");

UPDATE "vehicle_model" SET "payload_kg" = 3000, "compression_min" = 2.0, "compression_max" = 2.5, "gross_weight_kg" = 8180,
    "source" = 'АО «Коммаш», проспект КО-440-2 (ГАЗ-3309)' WHERE "model" = 'КО-440-2';
UPDATE "vehicle_model" SET "payload_kg" = 8300, "compression_min" = 2.5, "compression_max" = 3.0, "gross_weight_kg" = 18000,
    "source" = 'АО «Коммаш», проспект КО-440-5 (КАМАЗ-53605)' WHERE "model" = 'КО-440-5';
UPDATE "vehicle_model" SET "payload_kg" = 11000, "compression_min" = 5.0, "compression_max" = 6.0, "gross_weight_kg" = 25500,
    "source" = 'АО «Коммаш», проспект КО-427-72 (КАМАЗ-65115)' WHERE "model" = 'КО-427-72';
UPDATE "vehicle_model" SET "payload_kg" = 7800, "compression_min" = 4.0, "compression_max" = 5.0, "gross_weight_kg" = 18000,
    "source" = 'АО «Ряжский АРЗ», проспект МК-4512-04 (МАЗ-5340)' WHERE "model" = 'МК-4512-04';
UPDATE "vehicle_model" SET "payload_kg" = 10000, "compression_min" = 4.5, "compression_max" = 5.5, "gross_weight_kg" = 26000,
    "source" = 'ОАО «МАЗ», каталог специальной техники, МАЗ-6903С5' WHERE "model" = 'МАЗ-6903С5';

INSERT INTO "vehicle_model" ("model", "make", "chassis", "manufacturer", "loading", "body_m3", "payload_kg",
    "compression_min", "compression_max", "gross_weight_kg", "source") VALUES
    ('КО-440-4К1',  'КАМАЗ', 'КАМАЗ-43253', 'АО «Коммаш» (Арзамас)', 'SIDE', 16.00, 6700, 2.5, 3.0, 15450, 'АО «Коммаш», проспект КО-440-4К1'),
    ('КО-440-4М',   'МАЗ',   'МАЗ-5340С2',  'АО «Коммаш» (Арзамас)', 'SIDE', 18.00, 7000, 2.5, 3.0, 18000, 'АО «Коммаш», проспект КО-440-4М'),
    ('КО-440-7',    'КАМАЗ', 'КАМАЗ-65115', 'АО «Коммаш» (Арзамас)', 'SIDE', 22.00, 10500, 2.5, 3.0, 25200, 'АО «Коммаш», проспект КО-440-7'),
    ('КО-440-8',    'МАЗ',   'МАЗ-6312С3',  'АО «Коммаш» (Арзамас)', 'SIDE', 25.00, 11000, 2.5, 3.0, 26000, 'АО «Коммаш», проспект КО-440-8'),
    ('КО-427-42',   'КАМАЗ', 'КАМАЗ-43253', 'АО «Коммаш» (Арзамас)', 'REAR', 16.00, 6500, 5.0, 6.0, 15450, 'АО «Коммаш», проспект КО-427-42'),
    ('КО-427-82',   'МАЗ',   'МАЗ-5340С2',  'АО «Коммаш» (Арзамас)', 'REAR', 20.00, 8500, 5.0, 6.0, 18000, 'АО «Коммаш», проспект КО-427-82'),
    ('КО-427-92',   'КАМАЗ', 'КАМАЗ-6520',  'АО «Коммаш» (Арзамас)', 'REAR', 24.00, 12500, 5.0, 6.0, 33100, 'АО «Коммаш», проспект КО-427-92'),
    ('КО-456-10',   'КАМАЗ', 'КАМАЗ-53605', 'АО «Коммаш» (Арзамас)', 'FRONT', 22.00, 10000, 4.0, 5.0, 19650, 'АО «Коммаш», проспект КО-456-10 (фронтальная загрузка)'),
    ('КО-450',      'КАМАЗ', 'КАМАЗ-43253', 'АО «Коммаш» (Арзамас)', 'PORTAL', 8.00, 6500, 1.0, 1.0, 15450, 'АО «Коммаш», проспект бункеровоза КО-450 (бункер 8 м³)'),
    ('КО-452',      'КАМАЗ', 'КАМАЗ-65115', 'АО «Коммаш» (Арзамас)', 'MULTILIFT', 27.00, 14000, 1.0, 1.0, 25200, 'АО «Коммаш», проспект мультилифта КО-452'),
    ('МКМ-4503',    'КАМАЗ', 'КАМАЗ-53605', 'АО «Мценский завод коммунального машиностроения»', 'REAR', 18.00, 8000, 4.5, 5.5, 19650, 'Мценский завод КМ, проспект МКМ-4503'),
    ('МКМ-4553',    'МАЗ',   'МАЗ-5340С2',  'АО «Мценский завод коммунального машиностроения»', 'REAR', 18.00, 8000, 4.5, 5.5, 18000, 'Мценский завод КМ, проспект МКМ-4553'),
    ('МКМ-4604',    'КАМАЗ', 'КАМАЗ-65115', 'АО «Мценский завод коммунального машиностроения»', 'REAR', 22.00, 11000, 4.5, 5.5, 25200, 'Мценский завод КМ, проспект МКМ-4604'),
    ('МКМ-4704',    'КАМАЗ', 'КАМАЗ-6520',  'АО «Мценский завод коммунального машиностроения»', 'REAR', 24.00, 13000, 4.5, 5.5, 33100, 'Мценский завод КМ, проспект МКМ-4704'),
    ('МКМ-3402',    'КАМАЗ', 'КАМАЗ-43253', 'АО «Мценский завод коммунального машиностроения»', 'SIDE', 16.00, 6800, 2.0, 2.5, 15450, 'Мценский завод КМ, проспект МКМ-3402 (боковая загрузка)'),
    ('МКМ-3403',    'МАЗ',   'МАЗ-5340С2',  'АО «Мценский завод коммунального машиностроения»', 'SIDE', 18.00, 7500, 2.0, 2.5, 18000, 'Мценский завод КМ, проспект МКМ-3403 (боковая загрузка)'),
    ('МК-4512-03',  'КАМАЗ', 'КАМАЗ-53605', 'АО «Ряжский авторемонтный завод»', 'REAR', 18.00, 8000, 4.0, 5.0, 19650, 'Ряжский АРЗ, проспект МК-4512-03'),
    ('МК-4546-01',  'КАМАЗ', 'КАМАЗ-65115', 'АО «Ряжский авторемонтный завод»', 'REAR', 22.00, 10500, 4.0, 5.0, 25200, 'Ряжский АРЗ, проспект МК-4546-01'),
    ('МК-4554-06',  'МАЗ',   'МАЗ-6312С3',  'АО «Ряжский авторемонтный завод»', 'REAR', 24.00, 12000, 4.0, 5.0, 26000, 'Ряжский АРЗ, проспект МК-4554-06'),
    ('МК-4447-01',  'КАМАЗ', 'КАМАЗ-43253', 'АО «Ряжский авторемонтный завод»', 'SIDE', 16.00, 6500, 2.0, 3.0, 15450, 'Ряжский АРЗ, проспект МК-4447-01 (боковая загрузка)'),
    ('МК-4445-03',  'МАЗ',   'МАЗ-5340С2',  'АО «Ряжский авторемонтный завод»', 'SIDE', 18.00, 7500, 2.0, 3.0, 18000, 'Ряжский АРЗ, проспект МК-4445-03 (боковая загрузка)'),
    ('МК-1501',     'КАМАЗ', 'КАМАЗ-53605', 'АО «Ряжский авторемонтный завод»', 'FRONT', 20.00, 9000, 4.0, 5.0, 19650, 'Ряжский АРЗ, проспект МК-1501 (фронтальная загрузка)'),
    ('МК-3546-10',  'КАМАЗ', 'КАМАЗ-43253', 'АО «Ряжский авторемонтный завод»', 'PORTAL', 8.00, 7000, 1.0, 1.0, 15450, 'Ряжский АРЗ, проспект бункеровоза МК-3546 (бункер 8 м³)'),
    ('МК-2630',     'КАМАЗ', 'КАМАЗ-43118', 'АО «Ряжский авторемонтный завод»', 'CRANE', 20.00, 9500, 1.0, 1.0, 20700, 'Ряжский АРЗ, проспект мусоровоза с краном-манипулятором'),
    ('ZOELLER МЕДВЕДЬ 4243', 'КАМАЗ', 'КАМАЗ-53605', 'ООО «Цёллер-Кайзер» (Ногинск)', 'REAR', 18.00, 8500, 4.5, 5.5, 19650, 'ООО «Цёллер-Кайзер», проспект МЕДВЕДЬ (задняя загрузка)'),
    ('ZOELLER HAKI 4X2', 'МАЗ', 'МАЗ-5340С2',  'ООО «Цёллер-Кайзер» (Ногинск)', 'REAR', 20.00, 9000, 4.5, 5.5, 18000, 'ООО «Цёллер-Кайзер», проспект HAKI'),
    ('ЭКО-ТЕХНИКА ЭКО 422', 'КАМАЗ', 'КАМАЗ-65115', 'ООО «Эко-Техника» (Екатеринбург)', 'REAR', 22.00, 10500, 4.0, 5.0, 25200, 'ООО «Эко-Техника», проспект мусоровоза с задней загрузкой'),
    ('БЦМ-203',     'КАМАЗ', 'КАМАЗ-53605', 'ООО «Автомобильный завод «Бецема»', 'REAR', 18.00, 8000, 4.0, 5.0, 19650, 'ООО «Бецема», проспект БЦМ-203'),
    ('БЦМ-205',     'КАМАЗ', 'КАМАЗ-43253', 'ООО «Автомобильный завод «Бецема»', 'SIDE', 16.00, 6700, 2.0, 2.5, 15450, 'ООО «Бецема», проспект БЦМ-205 (боковая загрузка)'),
    ('МАЗ-5337С5',  'МАЗ',   'МАЗ-5337С5',  'ОАО «МАЗ» (Минск)', 'REAR', 16.00, 7000, 4.0, 5.0, 18000, 'ОАО «МАЗ», каталог специальной техники, МАЗ-5337С5'),
    ('КО-449-33',   'КАМАЗ', 'КАМАЗ-65115', 'АО «Коммаш» (Арзамас)', 'SIDE', 20.00, 9500, 2.0, 2.5, 25200, 'АО «Коммаш», проспект КО-449-33 (боковая загрузка, евроконтейнеры)');

-- ———————————————————————————— staff ————————————————————————————

-- A staff member of the operator (spec 02 §3 "Staff"): positions from the staff_position
-- dictionary (join table), driving-licence series/number and categories (codes of
-- driving_licence_category, ФЗ-196 ст. 25), contacts, attachments (scans of documents).
CREATE TABLE "staff_member" (
    "id"                         integer GENERATED BY DEFAULT AS IDENTITY,
    "full_name"                  text NOT NULL,
    "employee_number"            text,
    "driving_licence_series"     text,
    "driving_licence_number"     text,
    "driving_licence_categories" text[] NOT NULL DEFAULT '{}',
    "phone"                      text,
    "email"                      text,
    "created_at"                 timestamptz(6) NOT NULL DEFAULT now(),
    "updated_at"                 timestamptz(6) NOT NULL DEFAULT now(),
    CONSTRAINT "staff_member_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "staff_member_driving_licence_categories_check" CHECK ("driving_licence_categories" <@ ARRAY['A', 'B', 'C',
        'D', 'BE', 'CE', 'DE', 'Tm', 'Tb', 'M', 'A1', 'B1', 'C1', 'D1', 'C1E', 'D1E']::text[])
);
CREATE UNIQUE INDEX "staff_member_employee_number_key" ON "staff_member" ("employee_number");
CREATE INDEX "staff_member_full_name_trgm_idx" ON "staff_member" USING gin ("full_name" gin_trgm_ops);

CREATE TABLE "staff_member_position" (
    "staff_member_id"   integer NOT NULL REFERENCES "staff_member" ("id") ON DELETE CASCADE,
    "staff_position_id" integer NOT NULL REFERENCES "staff_position" ("id") ON DELETE CASCADE,
    PRIMARY KEY ("staff_member_id", "staff_position_id")
);
CREATE INDEX "staff_member_position_staff_position_id_idx" ON "staff_member_position" ("staff_position_id");

CREATE TABLE "staff_member_attachment" (
    "staff_member_id" integer NOT NULL REFERENCES "staff_member" ("id") ON DELETE CASCADE,
    "attachment_id"   integer NOT NULL REFERENCES "attachment" ("id") ON DELETE RESTRICT,
    "position"        integer NOT NULL,
    PRIMARY KEY ("staff_member_id", "attachment_id")
);
CREATE INDEX "staff_member_attachment_attachment_id_idx" ON "staff_member_attachment" ("attachment_id");

-- ———————————————————————————— way-bill dictionaries ————————————————————————————

-- Kinds of job of a way-bill task (вид работы).
CREATE TABLE "job_kind" (
    "id"         integer GENERATED BY DEFAULT AS IDENTITY,
    "code"       text NOT NULL,
    "name"       text NOT NULL,
    "created_at" timestamptz(6) NOT NULL DEFAULT now(),
    "updated_at" timestamptz(6) NOT NULL DEFAULT now(),
    CONSTRAINT "job_kind_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "job_kind_code_key" ON "job_kind" ("code");
INSERT INTO "job_kind" ("code", "name") VALUES
    ('TKO_CONTAINER', 'Вывоз ТКО из контейнеров'),
    ('TKO_BAGS', 'Вывоз ТКО в мешках (бесконтейнерный сбор)'),
    ('KGO', 'Вывоз крупногабаритных отходов'),
    ('BUNKER', 'Вывоз бункеров-накопителей'),
    ('REQUEST', 'Вывоз по заявке'),
    ('DUMP_LIQUIDATION', 'Ликвидация несанкционированной свалки'),
    ('SITE_CLEANING', 'Уборка контейнерной площадки'),
    ('TRANSFER', 'Перегон (без груза)');

-- Fuels (spec 02 §9: kinds DIESEL «Дизельное топливо» and GASOLINE «Бензин»; the option text
-- reads kind, mark, code and class). Marks and classes after ГОСТ 32511-2013 (ДТ) and
-- ГОСТ 32513-2013 (бензин); code: the ОКПД 2 code of the product.
CREATE TABLE "fuel" (
    "id"         integer GENERATED BY DEFAULT AS IDENTITY,
    "kind"       text NOT NULL,
    "mark"       text NOT NULL,
    "code"       text,
    "klass"      text,
    "created_at" timestamptz(6) NOT NULL DEFAULT now(),
    "updated_at" timestamptz(6) NOT NULL DEFAULT now(),
    CONSTRAINT "fuel_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "fuel_kind_check" CHECK ("kind" IN ('DIESEL', 'GASOLINE'))
);
CREATE INDEX "fuel_kind_idx" ON "fuel" ("kind");
INSERT INTO "fuel" ("kind", "mark", "code", "klass") VALUES
    ('DIESEL', 'ДТ-Л-К5', '19.20.21.315', 'Летнее, экологический класс К5'),
    ('DIESEL', 'ДТ-Е-К5', '19.20.21.315', 'Межсезонное, экологический класс К5'),
    ('DIESEL', 'ДТ-З-К5', '19.20.21.315', 'Зимнее, экологический класс К5'),
    ('DIESEL', 'ДТ-А-К5', '19.20.21.315', 'Арктическое, экологический класс К5'),
    ('GASOLINE', 'АИ-92-К5', '19.20.21.125', 'Экологический класс К5'),
    ('GASOLINE', 'АИ-95-К5', '19.20.21.135', 'Экологический класс К5');

-- ———————————————————————————— way-bills ————————————————————————————

-- A way-bill of a truck (путевой лист грузового автомобиля, Типовая межотраслевая форма № 4-П;
-- Приказ Минтранса России от 05.05.2024 № 159 «Об утверждении реквизитов и порядка заполнения
-- путевых листов»). Three card tabs: general, driver/vehicle, garage block. Times of the engine
-- and of the equipment in seconds (spec 02 §9); mileage in km, fuel in litres.
CREATE TABLE "waybill" (
    "id"                       integer GENERATED BY DEFAULT AS IDENTITY,
    "series"                   text,
    "number"                   text NOT NULL,
    "date"                     timestamptz(6) NOT NULL DEFAULT now(),
    "route"                    text,
    "organization_id"          integer REFERENCES "legal_entity" ("id") ON DELETE SET NULL,
    "allowed_to_drive"         boolean NOT NULL DEFAULT false,
    "pre_trip_inspection_at"   timestamptz(6),
    "vehicle_operable"         boolean NOT NULL DEFAULT false,
    "vehicle_checked_at"       timestamptz(6),
    "driver_id"                integer REFERENCES "staff_member" ("id") ON DELETE SET NULL,
    "driver_id_number"         text,
    "driver_klass"             text,
    "start_work_time"          time(0),
    "end_work_time"            time(0),
    "column_name"              text,
    "brigade"                  text,
    "vehicle_id"               integer REFERENCES "vehicle" ("id") ON DELETE SET NULL,
    "trailer_id"               integer REFERENCES "vehicle" ("id") ON DELETE SET NULL,
    "planned_departure_at"     timestamptz(6),
    "departure_at"             timestamptz(6),
    "planned_arrival_at"       timestamptz(6),
    "arrival_at"               timestamptz(6),
    "zero_mileage_km"          numeric(9, 1),
    "odometer_departure"       integer,
    "odometer_arrival"         integer,
    "fuel_kind_id"             integer REFERENCES "fuel" ("id") ON DELETE SET NULL,
    "fuel_provided_l"          numeric(9, 2),
    "fuel_remaining_departure_l" numeric(9, 2),
    "fuel_remaining_arrival_l" numeric(9, 2),
    "work_engine_time"         integer,
    "work_equipment_time"      integer,
    "created_at"               timestamptz(6) NOT NULL DEFAULT now(),
    "updated_at"               timestamptz(6) NOT NULL DEFAULT now(),
    CONSTRAINT "waybill_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "waybill_work_engine_time_check" CHECK ("work_engine_time" >= 0),
    CONSTRAINT "waybill_work_equipment_time_check" CHECK ("work_equipment_time" >= 0)
);
CREATE INDEX "waybill_date_idx" ON "waybill" ("date");
CREATE INDEX "waybill_organization_id_idx" ON "waybill" ("organization_id");
CREATE INDEX "waybill_driver_id_idx" ON "waybill" ("driver_id");
CREATE INDEX "waybill_vehicle_id_idx" ON "waybill" ("vehicle_id");
CREATE INDEX "waybill_trailer_id_idx" ON "waybill" ("trailer_id");
CREATE INDEX "waybill_fuel_kind_id_idx" ON "waybill" ("fuel_kind_id");

-- A task of a way-bill (задание водителю, form 4-П section «Задание водителю»); job_kind is the
-- name of a job kind (child rows keep plain columns: the web offers the job_kind names).
CREATE TABLE "waybill_task" (
    "id"              integer GENERATED BY DEFAULT AS IDENTITY,
    "waybill_id"      integer NOT NULL REFERENCES "waybill" ("id") ON DELETE CASCADE,
    "customer"        text,
    "job_kind"        text,
    "loading_point"   text,
    "unloading_point" text,
    "cargo"           text,
    "arrival_time"    time(0),
    "trips"           integer,
    "distance_km"     numeric(9, 1),
    "weight_t"        numeric(9, 3),
    "updated_at"      timestamptz(6) NOT NULL DEFAULT now(),
    CONSTRAINT "waybill_task_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "waybill_task_waybill_id_idx" ON "waybill_task" ("waybill_id");

-- ———————————————————————————— permissions of the seeded roles ————————————————————————————

INSERT INTO "role_permission" ("role_id", "resource", "action")
SELECT r."id", res, act
  FROM (VALUES
    ('Администратор', ARRAY['vehicles','garages','staff','waybills','job-kinds','fuel'], ARRAY['view','add','change','delete','export']),
    ('Диспетчер', ARRAY['vehicles','garages','staff','job-kinds','fuel'], ARRAY['view']),
    ('Диспетчер', ARRAY['waybills'], ARRAY['view','add','change','export']),
    ('Аналитик', ARRAY['vehicles','garages','waybills'], ARRAY['view','export']),
    ('Только чтение', ARRAY['vehicles','garages'], ARRAY['view'])
  ) AS s("role", "resources", "actions")
  JOIN "role" r ON r."name" = s."role", unnest(s."resources") AS res, unnest(s."actions") AS act
ON CONFLICT DO NOTHING;

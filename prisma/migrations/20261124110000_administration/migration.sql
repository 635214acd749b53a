-- Administration (issue 14): users' e-mail verification, declarants and their organisation
-- request, single-use e-mail links (registration, password restore), seeded roles.

-- A user's card (spec 03 §3 "Users and roles"). Users that existed before were created by an
-- administrator with a password: their address counts as verified.
ALTER TABLE "app_user"
    ADD COLUMN "email_verified" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "is_declarant" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "user_report_processing_type" TEXT,
    ADD COLUMN "organization_request_inn" TEXT,
    ADD COLUMN "organization_request_name" TEXT,
    ADD CONSTRAINT "app_user_report_processing_type_check" CHECK ("user_report_processing_type" IN ('MANUAL', 'AUTOMATIC')),
    ADD CONSTRAINT "app_user_organization_request_inn_check" CHECK ("organization_request_inn" ~ '^\d{10}$');
UPDATE "app_user" SET "email_verified" = true;

-- One row per e-mailed link: the link carries the id and an HMAC of it (JWT_SECRET); it works
-- once (used_at) and until expires_at (PASSWORD_LINK_TTL_SECONDS, default 1 h).
CREATE TABLE "auth_link" (
    "id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    CONSTRAINT "auth_link_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "auth_link_purpose_check" CHECK ("purpose" IN ('registration', 'reset')),
    CONSTRAINT "auth_link_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "auth_link_user_id_idx" ON "auth_link"("user_id");

-- Seeded roles a regional operator recognises (issue 14 §2). Administrators may edit them.
INSERT INTO "role" ("name", "description") VALUES
    ('Администратор', 'Все права на все реестры'),
    ('Оператор реестра', 'Ведение реестров территориальной схемы и справочников, импорт'),
    ('Диспетчер', 'Просмотр реестров и карты, ведение несанкционированных свалок'),
    ('Аналитик', 'Просмотр и выгрузка реестров и аналитики'),
    ('Декларант', 'Ведение источников и мест накопления своей организации'),
    ('Проверяющий отчёты', 'Просмотр реестров и системного журнала'),
    ('Только чтение', 'Просмотр реестров и справочников')
ON CONFLICT ("name") DO NOTHING;

CREATE TEMP TABLE "seed_permission" ("role" TEXT, "resources" TEXT[], "actions" TEXT[]) ON COMMIT DROP;
INSERT INTO "seed_permission" VALUES
    ('Администратор', ARRAY['container','special','collection','chamber','bulk','contract-zones','juridical-person','fkko','waste-management-facility','waste-dumps','individual-entrepreneur','natural-person','administrative-unit','waste-sources','normative-unit','system-logs','users','users-roles','import','import-all-files','system-settings'], ARRAY['view','add','change','delete','export']),
    ('Оператор реестра', ARRAY['container','special','collection','chamber','bulk','waste-sources','waste-management-facility','waste-dumps','juridical-person','individual-entrepreneur','natural-person','contract-zones','normative-unit'], ARRAY['view','add','change','delete','export']),
    ('Оператор реестра', ARRAY['fkko','administrative-unit'], ARRAY['view','export']),
    ('Оператор реестра', ARRAY['import'], ARRAY['view','add','change']),
    ('Диспетчер', ARRAY['container','special','collection','chamber','bulk','waste-sources','waste-management-facility','juridical-person','individual-entrepreneur','natural-person','administrative-unit','contract-zones','fkko'], ARRAY['view']),
    ('Диспетчер', ARRAY['waste-dumps'], ARRAY['view','add','change']),
    ('Аналитик', ARRAY['container','special','collection','chamber','bulk','waste-sources','waste-management-facility','waste-dumps','juridical-person','individual-entrepreneur','natural-person','administrative-unit','contract-zones','fkko','normative-unit'], ARRAY['view','export']),
    ('Декларант', ARRAY['container','special','collection','chamber','bulk','waste-sources'], ARRAY['view','add','change']),
    ('Декларант', ARRAY['juridical-person','fkko','normative-unit'], ARRAY['view']),
    ('Проверяющий отчёты', ARRAY['container','special','collection','chamber','bulk','waste-sources','waste-management-facility','waste-dumps','juridical-person','individual-entrepreneur','natural-person','administrative-unit','fkko','normative-unit','system-logs'], ARRAY['view','export']),
    ('Только чтение', ARRAY['container','special','collection','chamber','bulk','waste-sources','waste-management-facility','waste-dumps','juridical-person','individual-entrepreneur','natural-person','administrative-unit','contract-zones','fkko','normative-unit'], ARRAY['view']);
INSERT INTO "role_permission" ("role_id", "resource", "action")
SELECT r."id", res, act FROM "seed_permission" s JOIN "role" r ON r."name" = s."role", unnest(s."resources") AS res, unnest(s."actions") AS act
ON CONFLICT DO NOTHING;
DROP TABLE "seed_permission";

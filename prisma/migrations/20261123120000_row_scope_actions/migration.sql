-- Issue 7 §2–§3: workflow actions in the change history, and the users' bindings that the row
-- scope reads (packages/contract common/row-scope.ts, packages/db registry/row-scope-sql.ts).

-- A change made by a workflow action (common/actions.ts) is an update whose `step` names the
-- action (e.g. 'liquidate'); plain writes leave it null.
ALTER TABLE "change_log" ADD COLUMN "step" text;
ALTER TABLE "change_log" ADD CONSTRAINT "change_log_step_check" CHECK ("step" IS NULL OR ("action" = 'update' AND "step" ~ '^[a-z][a-z0-9-]*$'));

-- Organisations (legal entities) a user acts for: a declarant sees the rows of scoped
-- registries tied to them.
CREATE TABLE "user_organization" (
    "user_id"         integer NOT NULL REFERENCES "app_user" ("id") ON DELETE CASCADE,
    "legal_entity_id" integer NOT NULL REFERENCES "legal_entity" ("id") ON DELETE CASCADE,
    PRIMARY KEY ("user_id", "legal_entity_id")
);
CREATE INDEX "user_organization_legal_entity_id_idx" ON "user_organization" ("legal_entity_id");

-- Municipal formations (ОКТМО units) a staff member works for: they see the rows of scoped
-- registries whose ОКТМО code lies within them.
CREATE TABLE "user_administrative_unit" (
    "user_id"                integer NOT NULL REFERENCES "app_user" ("id") ON DELETE CASCADE,
    "administrative_unit_id" integer NOT NULL REFERENCES "administrative_unit" ("id") ON DELETE CASCADE,
    PRIMARY KEY ("user_id", "administrative_unit_id")
);
CREATE INDEX "user_administrative_unit_administrative_unit_id_idx" ON "user_administrative_unit" ("administrative_unit_id");

-- Dashboard (issue 12 §2, spec 03 «Dashboard»): the numbers of the ten widgets, computed from the
-- registries by packages/db/src/dashboard (refreshDashboard) and kept here between refreshes
-- (the worker's `dashboard-refresh` job, every DASHBOARD_REFRESH_EVERY_MS), and each user's
-- collapsed / expanded widgets and active tags.

-- One row per widget: its numbers as computed at refreshed_at (JSON of the contract's wire shape).
CREATE TABLE "dashboard_summary" (
    "widget" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "refreshed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "dashboard_summary_pkey" PRIMARY KEY ("widget")
);

-- A user's dashboard: collapsed widgets and inactive tags (jsonb maps key → boolean).
CREATE TABLE "dashboard_user_state" (
    "user_id" INTEGER NOT NULL,
    "widgets" JSONB NOT NULL DEFAULT '{}',
    "tags" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "dashboard_user_state_pkey" PRIMARY KEY ("user_id")
);

ALTER TABLE "dashboard_user_state" ADD CONSTRAINT "dashboard_user_state_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

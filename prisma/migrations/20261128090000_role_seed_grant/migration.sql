-- The seeded roles are written from one table in the code (packages/contract roles/seeded-roles.ts)
-- by packages/db seedRoles on every migrate run (issue 23 §1). This ledger keeps every right the
-- seed granted, by role name: a right the seed has granted once is not granted again, so a right
-- an administrator took away from a seeded role stays away, and a seeded role an administrator
-- deleted is not recreated; a right the table gains later (a new registry of the role's section)
-- reaches existing installations on their next start.
CREATE TABLE "role_seed_grant" (
    "role" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "granted_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "role_seed_grant_pkey" PRIMARY KEY ("role", "resource", "action")
);

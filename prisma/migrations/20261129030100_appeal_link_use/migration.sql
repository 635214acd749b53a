-- Single-use links of appeals (issue 25 §2; apps/api modules/appeals/appeal-links.ts): the nonce of
-- each e-mailed link once exchanged for a session. A second exchange of the same nonce is refused.
CREATE TABLE "appeal_link_use" (
    "nonce"     text PRIMARY KEY,
    "appeal_id" integer NOT NULL REFERENCES "appeal" ("id") ON DELETE CASCADE,
    "used_at"   timestamptz(6) NOT NULL DEFAULT now()
);
CREATE INDEX "appeal_link_use_appeal_id_idx" ON "appeal_link_use" ("appeal_id");

-- Revocable sessions (issue 8 §3): single-use refresh tokens in families, and a token version per
-- user that ends every access token issued before a password change or a deactivation.

ALTER TABLE "app_user" ADD COLUMN "token_version" INTEGER NOT NULL DEFAULT 0;

-- One row per refresh token ever issued. A sign-in starts a family; each refresh marks its token
-- used and issues the next one in the same family; presenting a used token revokes the family.
CREATE TABLE "refresh_token" (
    "jti" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "issued_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),

    CONSTRAINT "refresh_token_pkey" PRIMARY KEY ("jti")
);

CREATE INDEX "refresh_token_family_id_idx" ON "refresh_token"("family_id");
CREATE INDEX "refresh_token_user_id_idx" ON "refresh_token"("user_id");

ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Whoever changes a password or (de)activates a user — the API, the admin command, plain SQL — ends
-- that user's sessions: the token version moves on (access tokens carry it) and every open refresh
-- token is revoked.
CREATE FUNCTION "app_user_end_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW."password_hash" IS DISTINCT FROM OLD."password_hash" OR NEW."is_active" IS DISTINCT FROM OLD."is_active" THEN
        NEW."token_version" := OLD."token_version" + 1;
        UPDATE "refresh_token" SET "revoked_at" = now() WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER "app_user_end_sessions" BEFORE UPDATE OF "password_hash", "is_active" ON "app_user"
    FOR EACH ROW EXECUTE FUNCTION "app_user_end_sessions"();

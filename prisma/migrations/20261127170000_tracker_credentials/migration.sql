-- Tracker credentials (issue 22 «Devices»): a vehicle's tracker logs in to the Wialon IPS receiver
-- with its IMEI (vehicle.external_identifier) and a password. The password is set in the vehicle card
-- (write-only: the card shows only «задан / не задан») and kept here as an argon2id PHC string
-- (packages/db src/secrets.ts); NULL = no password set, and such a vehicle's logins
-- are refused unless TRACKER_ALLOW_NO_PASSWORD=true (docs/DECISIONS.md «Tracker credentials»).
ALTER TABLE "vehicle" ADD COLUMN "tracker_password_hash" TEXT;

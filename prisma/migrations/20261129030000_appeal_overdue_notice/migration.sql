-- The overdue notice of an appeal (issue 25 §2): the deadline it was sent for, so the scheduled
-- job tells the staff once per passed term (a term extended and passed again is told again).
ALTER TABLE "appeal" ADD COLUMN "overdue_notified_for" timestamptz(6);

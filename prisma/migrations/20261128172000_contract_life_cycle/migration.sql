-- The life cycle of a contract by ПП РФ № 1156, раздел I(1) «Порядок заключения договора»
-- (п. 8(4)–8(17)): the date the customer's application was received, the date the regional
-- operator sent the draft (due within 15 working days of the application), and the date the
-- operator published its offer (the contract is concluded on the typical form's terms on the 16th
-- working day after it, unless signed). The signing date is the existing signing_date. Deadlines
-- and the state are computed by the API (modules/contracts/life-cycle.ts), not stored.
ALTER TABLE "contract"
    ADD COLUMN "application_date" date,
    ADD COLUMN "draft_sent_date" date,
    ADD COLUMN "offer_published_date" date;

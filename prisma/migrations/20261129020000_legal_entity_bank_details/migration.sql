-- Bank details of legal entities and entrepreneurs (issue 25 §1: the printed contract's «Реквизиты
-- и подписи сторон» from the legal-entity registry; the regional operator's own requisites are its
-- row here too). Columns: the fields of packages/contract/src/resources/legal-entity-fields.ts
-- bankFields(). The contract checks the БИК's form and the accounts' keys against it
-- (validation/bank.ts, Положение Банка России № 579-П); the database keeps the digits' form.
ALTER TABLE "legal_entity"
    ADD COLUMN "bank_name"             text,
    ADD COLUMN "bik"                   text,
    ADD COLUMN "settlement_account"    text,
    ADD COLUMN "correspondent_account" text,
    ADD CONSTRAINT "legal_entity_bik_check" CHECK ("bik" ~ '^0[014][0-9]{7}$'),
    ADD CONSTRAINT "legal_entity_settlement_account_check" CHECK ("settlement_account" ~ '^[0-9]{20}$'),
    ADD CONSTRAINT "legal_entity_correspondent_account_check" CHECK ("correspondent_account" ~ '^[0-9]{20}$');

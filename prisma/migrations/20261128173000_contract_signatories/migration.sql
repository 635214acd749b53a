-- The signatory of each party (ФИО), printed declined in the contract's preamble («в лице
-- генерального директора Петрова Петра Петровича», типовая форма ПП РФ № 1156).
ALTER TABLE "contract"
    ADD COLUMN "customer_signatory" text,
    ADD COLUMN "contractor_signatory" text;

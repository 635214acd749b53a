-- A contract's objects with their volumes (ПП РФ № 1156, типовая форма, приложение «Информация по
-- предмету договора»; ПП РФ № 505 for the commercial accounting): each contract waste area (the
-- place of accumulation) may name the waste source whose ТКО it takes (its normative volume under
-- accounting by normative) and carries the КГО volume per year. The ТКО volume is computed, never
-- stored (@tko/contract contractPrice).
ALTER TABLE "contract_waste_area"
    ADD COLUMN "waste_source_id" integer,
    ADD COLUMN "kgo_volume_year" decimal(14, 3),
    ADD CONSTRAINT "contract_waste_area_waste_source_id_fkey" FOREIGN KEY ("waste_source_id") REFERENCES "waste_source" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    ADD CONSTRAINT "contract_waste_area_kgo_volume_year_check" CHECK ("kgo_volume_year" >= 0);
CREATE INDEX "contract_waste_area_waste_source_id_idx" ON "contract_waste_area" ("waste_source_id");

/**
 * The printable contract (spec 03 §7 «Contracts»; docs/CONTRACTS.md): the typical contract for the regional
 * operator's ТКО services (типовой договор на оказание услуг по обращению с твёрдыми коммунальными
 * отходами, ПП РФ от 12.11.2016 № 1156, приложение) filled from one contract revision, as DOCX
 * built with the `docx` package. The wording is contract-form.ts (sections I–X, the requisites,
 * the annex); this module fills its blanks and lays it out: the parties with ОГРН/КПП and bank
 * details from the legal-entity registry, the annex's table of objects (volumes, places,
 * periodicity) and its part II, a scheme picture of each place (placement-scheme.ts).
 *
 * Input: the revision as the registry answers it (contracts card), its waste areas
 * (ContractWasteAreaItem), its computed price, the parties' registry details and the schemes by
 * waste-area row id. Output: the .docx bytes. Throws only on programming errors.
 */
import { AlignmentType, BorderStyle, Document, ImageRun, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import type { ContractPriceAnswer, ContractWasteAreaItem } from '@tko/contract';
import { nameGenitive, positionGenitive } from './declension';
import { FORM_ANNEX, FORM_BLANK, FORM_PREAMBLE, FORM_REQUISITES_HEADING, FORM_SECTIONS, FORM_TITLE, fillForm } from './contract-form';
import type { FormValues } from './contract-form';
import type { PartyDetails } from './contracts.repository';
import { SCHEME_HEIGHT_PX, SCHEME_WIDTH_PX } from './placement-scheme';
import { BaseOfActing, CommercialAccounting, ContractWasteAreaType, formatNumber, KgoStoringMethod, Periodicity, TkoStoringMethod } from '@tko/contract';

type Row = Record<string, unknown>;

const BLANK = FORM_BLANK;
const str = (v: unknown): string => (v === null || v === undefined || v === '' ? BLANK : String(v));
/** YYYY-MM-DD → «DD.MM.YYYY». */
export function ruDate(v: unknown): string {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '«___» __________ 20__ г.';
}
const label = (e: { label(v: string): string }, v: unknown) => (typeof v === 'string' ? e.label(v) : BLANK);

function p(text: string, o: { bold?: boolean; center?: boolean; size?: number } = {}): Paragraph {
  return new Paragraph({
    alignment: o.center ? AlignmentType.CENTER : AlignmentType.JUSTIFIED,
    spacing: { after: 120 },
    children: [new TextRun({ text, bold: o.bold, size: o.size ?? 24, font: 'Times New Roman' })],
  });
}
const h = (text: string) => p(text, { bold: true, center: true });

/** The parties' registry details (legal-entity registry: ОГРН or ОГРНИП, КПП, address, bank details), by side. */
export type Parties = Partial<Record<'customer' | 'contractor', Partial<PartyDetails>>>;

/** The scheme of one contract waste area: its PNG (null without coordinates) and what the annex says of it. */
export interface PlacementSchemeImage {
  png: Buffer | null;
  /** The roads' note (graph not loaded, no roads near), null when roads are drawn. */
  note: string | null;
  /** Names of the drawn roads, nearest first, without repeats. */
  roads: string[];
}

/** «<sep>ОГРН …<sep>КПП …» of a side as the registry knows them ('' for what it does not). */
function registryIds(parties: Parties, side: 'customer' | 'contractor', sep = ', '): string {
  const d = parties[side];
  const parts = [d?.ogrn ? `${d.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН'} ${d.ogrn}` : null, d?.kpp ? `КПП ${d.kpp}` : null].filter(Boolean);
  return parts.map((x) => `${sep}${x}`).join('');
}

/** The contract's own name or ИНН of a side, else the registry's (null when neither knows it). */
function own(c: Row, parties: Parties, side: 'customer' | 'contractor', k: 'name' | 'inn'): string | null {
  const v = c[`${side}_${k}`];
  return typeof v === 'string' && v !== '' ? v : (parties[side]?.[k] ?? null);
}

function party(c: Row, side: 'customer' | 'contractor', parties: Parties): string {
  const base = label(BaseOfActing, c[`${side}_base_of_acting`]);
  const poa = c[`${side}_base_of_acting`] === 'POWER_OF_ATTORNEY'
    ? ` № ${str(c.power_of_attorney_number)} от ${ruDate(c.power_of_attorney_date)}` : '';
  const innValue = own(c, parties, side, 'inn');
  const inn = innValue ? `, ИНН ${innValue}` : '';
  const position = typeof c[`${side}_position`] === 'string' && c[`${side}_position`] ? positionGenitive(String(c[`${side}_position`])) : BLANK;
  const signatory = typeof c[`${side}_signatory`] === 'string' && c[`${side}_signatory`] ? ` ${nameGenitive(String(c[`${side}_signatory`]))}` : '';
  return `${str(own(c, parties, side, 'name'))}${inn}${registryIds(parties, side)}, в лице ${position}${signatory}, действующего на основании: ${base}${poa}`;
}

function cell(text: string, bold = false): TableCell {
  return new TableCell({ children: [p(text, { bold, size: 20 })] });
}

/** m³ as printed: «401,5 м³» (the project's ru-RU formatter); «не определён» for unknown. */
const m3 = (v: string | null | undefined) => (v === null || v === undefined ? 'не определён' : `${formatNumber(v)} м³`);
/** руб. as printed: «253 554,30 руб.». */
const rub = (v: string) => `${formatNumber(v, { minFraction: 2, maxFraction: 2 })} руб.`;

/** The storing methods a kind of place of accumulation admits; the first is its usual one. */
const METHODS_OF_KIND: Record<string, string[]> = {
  CONTAINER_WASTE_AREA: ['CONTAINER', 'BUNKER'],
  CHAMBER_WASTE_AREA: ['CHUTE'],
  SPECIAL_WASTE_AREA: ['BUNKER', 'CONTAINER', 'OTHER'],
  COLLECTION_WASTE_AREA: ['BAG', 'OTHER'],
};

/**
 * The storing-method clause: only the methods the objects use (no «Мусоропроводы…» on a
 * container-site contract, typical form п. 3). Per kind of the objects' places: the contract's
 * method when that kind admits it, else the kind's usual method; without objects, the contract's.
 */
export function storingMethods(c: Row, areas: ContractWasteAreaItem[]): string {
  const own = typeof c.tko_storing_method === 'string' ? c.tko_storing_method : null;
  const kinds = [...new Set(areas.map((a) => a.waste_area_type).filter((k): k is NonNullable<typeof k> => !!k && !!METHODS_OF_KIND[k]))];
  const methods = kinds.length === 0
    ? (own ? [own] : [])
    : [...new Set(kinds.map((k) => (own && METHODS_OF_KIND[k]!.includes(own) ? own : METHODS_OF_KIND[k]![0]!)))];
  return methods.map((m) => TkoStoringMethod.label(m)).join('; ') || BLANK;
}

/** The price sentence of clause 5 from the computed price (contract-price.ts), never the fee. */
function priceSentence(price: ContractPriceAnswer | null): string {
  if (!price || price.price_year === null || price.price_month === null || !price.tariff || price.volume_m3_year === null) {
    return 'Цена настоящего договора определяется как произведение единого тарифа на услугу регионального оператора на объём '
      + 'твёрдых коммунальных отходов, указанный в приложении к настоящему договору'
      + (price?.reasons.length ? ` (не определена: ${price.reasons.join(' ')})` : '') + '.';
  }
  return `Цена настоящего договора составляет ${rub(price.price_year)} в год (${rub(price.price_month)} в месяц): единый тариф `
    + `на услугу регионального оператора ${rub(price.tariff.cost)} за 1 м³ («${price.tariff.name}», действует с ${ruDate(price.tariff.start_date)}) `
    + `× объём ${m3(price.volume_m3_year)} в год, в том числе твёрдые коммунальные отходы ${m3(price.tko_m3_year)}, крупногабаритные отходы ${m3(price.kgo_m3_year)}.`;
}

/** The values of the form's blanks from revision `c` (contract-form.ts FormValues). */
export function formValues(c: Row, areas: ContractWasteAreaItem[], price: ContractPriceAnswer | null, parties: Parties): FormValues {
  const methods = storingMethods(c, areas);
  // The detail describes the contract's own method: printed only with it.
  const detail = c.tko_storing_method_detail && methods === label(TkoStoringMethod, c.tko_storing_method) ? ` (${String(c.tko_storing_method_detail)})` : '';
  return {
    contractor_party: party(c, 'contractor', parties),
    customer_party: party(c, 'customer', parties),
    signing_location: typeof c.signing_location === 'string' ? c.signing_location : null,
    signing_date: typeof c.signing_date === 'string' ? ruDate(c.signing_date) : null,
    tko_storing: methods === BLANK ? null : methods + detail,
    kgo_storing: typeof c.kgo_storing_method === 'string' ? KgoStoringMethod.label(c.kgo_storing_method) : null,
    start_date: typeof c.effective_date === 'string' ? ruDate(c.effective_date) : null,
    price: priceSentence(price),
    // Who keeps a place outside a block of flats' common property: its owners in the registry (placeKeepers), else the hand.
    area_keeper: null,
    accounting: typeof c.commercial_accounting === 'string' ? CommercialAccounting.label(c.commercial_accounting) : null,
    term: typeof c.termination_date === 'string' ? `до ${ruDate(c.termination_date)}` : null,
  };
}

/**
 * Clause 9's keeper of the places (typical form п. 9): per place its owners from the registry of
 * places of accumulation — «ООО «А» (Ангарск, 84 квл, 12); ________________ (Ангарск, 85 квл, 3)»,
 * a blank for a place whose owner the registry does not know; null when it knows none.
 */
export function placeKeepers(places: { location: string | null; owners: string[] }[]): string | null {
  if (!places.some((x) => x.owners.length)) return null;
  return places.map((x) => `${x.owners.length ? x.owners.join(', ') : BLANK} (${x.location ?? BLANK})`).join('; ');
}

/** The rows of the requisites table: [label, contractor's value, customer's value]; empty values print a blank. */
function requisiteRows(c: Row, parties: Parties): [string, string, string][] {
  const get = (side: 'customer' | 'contractor', k: string): unknown => {
    const d = parties[side] as Record<string, unknown> | undefined;
    if (k === 'address') return c[`${side}_address`] ?? d?.location ?? null;
    if (k === 'ogrn') return d?.ogrn ? `${String(d.ogrn).length === 15 ? 'ОГРНИП' : 'ОГРН'} ${String(d.ogrn)}` : null;
    if (k === 'inn' || k === 'name') return own(c, parties, side, k);
    return d?.[k] ?? null;
  };
  const row = (labelText: string, k: string): [string, string, string] => [labelText, str(get('contractor', k)), str(get('customer', k))];
  const rows: [string, string, string][] = [
    row('Наименование', 'name'), row('ИНН', 'inn'), row('КПП', 'kpp'), row('ОГРН (ОГРНИП)', 'ogrn'), row('Адрес', 'address'),
    row('Банк', 'bank_name'), row('БИК', 'bik'), row('Расчётный счёт', 'settlement_account'), row('Корреспондентский счёт', 'correspondent_account'),
  ];
  if (c.customer_passport_number) {
    rows.push(['Паспорт', '—', `${String(c.customer_passport_number)}, выдан ${ruDate(c.customer_issued_at)} ${str(c.customer_issued_by)}`]);
  }
  const sign = (side: 'customer' | 'contractor') => `${str(c[`${side}_position`])}\n________________ / ${str(c[`${side}_signatory`])} /\nМ. П. (при наличии)`;
  rows.push(['Подпись', sign('contractor'), sign('customer')]);
  return rows;
}

const BORDER = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
const BORDERS = { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, insideHorizontal: BORDER, insideVertical: BORDER };

function multiCell(text: string, bold = false): TableCell {
  return new TableCell({ children: text.split('\n').map((line) => p(line, { bold, size: 20 })) });
}

function requisitesTable(c: Row, parties: Parties): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: BORDERS,
    rows: [
      new TableRow({ tableHeader: true, children: ['', 'Региональный оператор', 'Потребитель'].map((t) => cell(t, true)) }),
      ...requisiteRows(c, parties).map((r) => new TableRow({ children: [cell(r[0], true), multiCell(r[1]), multiCell(r[2])] })),
    ],
  });
}

/** «52.537311, 103.886912» (latitude, longitude, EPSG:4326, 6 decimals), or null. */
function coordinates(a: ContractWasteAreaItem): string | null {
  const k = a.waste_area_coordinates;
  return k ? `${Number(k.lat).toFixed(6)}, ${Number(k.lng).toFixed(6)}` : null;
}

function objectsTable(areas: ContractWasteAreaItem[], price: ContractPriceAnswer | null): Table {
  const rows = areas.map((a, i) => {
    const priced = price?.objects.find((o) => o.id === a.id);
    const kgo = priced?.kgo_m3_year ?? null;
    const place = `${a.waste_area_type ? ContractWasteAreaType.label(a.waste_area_type) : BLANK}; ${a.waste_area_location ?? BLANK}`
      + `; координаты: ${coordinates(a) ?? 'не указаны'}`
      + `; контейнеры: ${a.containers.length ? a.containers.map((x) => `${formatNumber(x.volume)} м³`).join('; ') : 'нет'}`;
    return new TableRow({
      children: [
        cell(String(i + 1)),
        cell(a.waste_source?.name ?? (a.waste_area_location ? `Объект у места накопления: ${a.waste_area_location}` : BLANK)),
        cell((priced?.tko_m3_year ? `${m3(priced.tko_m3_year)} в год` : 'не определён') + (kgo !== null && Number(kgo) > 0 ? `; крупногабаритные отходы ${m3(kgo)} в год` : '')),
        cell(place),
        cell(kgo !== null && Number(kgo) > 0 ? `то же место накопления: ${a.waste_area_location ?? BLANK}` : '—'),
        cell(Periodicity.label(a.periodicity)
          + (a.periodicity_on_weekdays.length ? `: ${a.periodicity_on_weekdays.join(', ')}` : '')
          + (a.periodicity_on_dates.length ? `: ${a.periodicity_on_dates.map(ruDate).join(', ')}` : '')),
      ],
    });
  });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: BORDERS,
    rows: [new TableRow({ tableHeader: true, children: FORM_ANNEX.objectColumns.map((t) => cell(t, true)) }), ...rows],
  });
}

/** Part II of the annex: per object its place, coordinates, the picture and the roads' note. */
function schemeParagraphs(areas: ContractWasteAreaItem[], schemes: Map<number, PlacementSchemeImage>): Paragraph[] {
  if (!areas.length) return [p('Места накопления в договоре не указаны.')];
  return areas.flatMap((a, i) => {
    const s = schemes.get(a.id);
    const where = coordinates(a);
    const out = [p(`${i + 1}. ${a.waste_area_location ?? BLANK}; координаты (широта, долгота; WGS 84, EPSG:4326): ${where ?? 'не указаны — схема не построена'}.`, { bold: true })];
    if (s?.png) {
      out.push(new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new ImageRun({ type: 'png', data: s.png, transformation: { width: SCHEME_WIDTH_PX * 0.75, height: SCHEME_HEIGHT_PX * 0.75 },
          altText: { name: `Схема ${i + 1}`, title: 'Схема размещения места накопления', description: a.waste_area_location ?? '' } })],
      }));
    }
    if (s?.note) out.push(p(s.note, { size: 20 }));
    if (s?.roads.length) out.push(p(`Подъездные пути: ${s.roads.join(', ')}.`, { size: 20 }));
    return out;
  });
}

function clauseParagraphs(text: string, items: string[] | undefined, values: Record<string, string | null>): Paragraph[] {
  return [p(fillForm(text, values)), ...(items ?? []).map((x) => p(fillForm(x, values)))];
}

/** The DOCX of contract revision `c` (module comment); `keepers`: the owners of each place (placeKeepers). */
export async function contractDocx(
  c: Row, areas: ContractWasteAreaItem[], price: ContractPriceAnswer | null = null, parties: Parties = {},
  schemes: Map<number, PlacementSchemeImage> = new Map(), keepers: string | null = null,
): Promise<Buffer> {
  const values: Record<string, string | null> = { ...formValues(c, areas, price, parties), area_keeper: keepers, number: str(c.number) };
  const children: (Paragraph | Table)[] = [
    h(fillForm(FORM_TITLE[0], values)),
    p(FORM_TITLE[1], { bold: true, center: true }),
    p(`(типовая форма — постановление Правительства РФ от 12.11.2016 № 1156; редакция № ${str(c.revision)})`, { center: true, size: 20 }),
    p(`${str(values.signing_location)}                                                  ${ruDate(c.signing_date)}`),
    ...clauseParagraphs(FORM_PREAMBLE.text, undefined, values),
    ...FORM_SECTIONS.flatMap((s) => [h(s.heading), ...s.clauses.flatMap((cl) => clauseParagraphs(cl.text, cl.items, values))]),
    h(FORM_REQUISITES_HEADING),
    requisitesTable(c, parties),
    new Paragraph({ children: [new PageBreak()] }),
    p(fillForm(FORM_ANNEX.title, values), { center: true }),
    h(FORM_ANNEX.name),
    h(FORM_ANNEX.objects),
    objectsTable(areas, price),
    h(FORM_ANNEX.scheme),
    ...schemeParagraphs(areas, schemes),
  ];
  const doc = new Document({
    creator: 'Реестр ТКО',
    title: `Договор № ${str(c.number)}`,
    sections: [{ properties: { page: { margin: { top: 1134, bottom: 1134, left: 1701, right: 850 } } }, children }],
  });
  return Packer.toBuffer(doc);
}

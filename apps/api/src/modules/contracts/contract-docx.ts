/**
 * The printable contract (issue 11 §3): the typical contract for the regional operator's ТКО
 * services (типовой договор на оказание услуг по обращению с твёрдыми коммунальными отходами,
 * ПП РФ от 12.11.2016 № 1156, приложение) filled from one contract revision, as DOCX built with
 * the `docx` package. The text follows the typical form's sections I–IX in short (the law's text
 * is public); the schedule «Информация по предмету договора» lists the contract's waste areas.
 *
 * Input: the revision as the registry answers it (contracts card) and its waste areas
 * (ContractWasteAreaItem). Output: the .docx bytes. Throws only on programming errors.
 */
import { AlignmentType, BorderStyle, Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import type { ContractPriceAnswer, ContractWasteAreaItem } from '@tko/contract';
import { nameGenitive, positionGenitive } from './declension';
import { BaseOfActing, CommercialAccounting, ContractWasteAreaType, formatNumber, KgoStoringMethod, Periodicity, TkoStoringMethod } from '@tko/contract';

type Row = Record<string, unknown>;

const BLANK = '____________';
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

/** The parties' registry details (legal-entity registry: ОГРН or ОГРНИП, КПП, address), by side. */
export type Parties = Partial<Record<'customer' | 'contractor', { ogrn: string | null; kpp: string | null; location: string | null }>>;

/** «<sep>ОГРН …<sep>КПП …» of a side as the registry knows them ('' for what it does not). */
function registryIds(parties: Parties, side: 'customer' | 'contractor', sep = ', '): string {
  const d = parties[side];
  const parts = [d?.ogrn ? `${d.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН'} ${d.ogrn}` : null, d?.kpp ? `КПП ${d.kpp}` : null].filter(Boolean);
  return parts.map((x) => `${sep}${x}`).join('');
}

function party(c: Row, side: 'customer' | 'contractor', parties: Parties): string {
  const base = label(BaseOfActing, c[`${side}_base_of_acting`]);
  const poa = c[`${side}_base_of_acting`] === 'POWER_OF_ATTORNEY'
    ? ` № ${str(c.power_of_attorney_number)} от ${ruDate(c.power_of_attorney_date)}` : '';
  const inn = c[`${side}_inn`] ? `, ИНН ${String(c[`${side}_inn`])}` : '';
  const position = typeof c[`${side}_position`] === 'string' && c[`${side}_position`] ? positionGenitive(String(c[`${side}_position`])) : BLANK;
  const signatory = typeof c[`${side}_signatory`] === 'string' && c[`${side}_signatory`] ? ` ${nameGenitive(String(c[`${side}_signatory`]))}` : '';
  return `${str(c[`${side}_name`])}${inn}${registryIds(parties, side)}, в лице ${position}${signatory}, действующего на основании: ${base}${poa}`;
}

/** The requisites line of a side: name, ИНН, ОГРН, КПП, address (the contract's, else the registry's). */
function requisites(c: Row, side: 'customer' | 'contractor', parties: Parties): string {
  const address = c[`${side}_address`] ?? parties[side]?.location ?? null;
  return `${str(c[`${side}_name`])}; ИНН ${str(c[`${side}_inn`])}${registryIds(parties, side, '; ')}; адрес: ${str(address)}`;
}

function cell(text: string, bold = false): TableCell {
  return new TableCell({ children: [p(text, { bold, size: 20 })] });
}

/** m³ as printed: «401,5 м³» (the project's ru-RU formatter); «не определён» for unknown. */
const m3 = (v: string | null | undefined) => (v === null || v === undefined ? 'не определён' : `${formatNumber(v)} м³`);
/** руб. as printed: «253 554,30 руб.». */
const rub = (v: string) => `${formatNumber(v, { minFraction: 2, maxFraction: 2 })} руб.`;

function wasteAreaTable(areas: ContractWasteAreaItem[], price: ContractPriceAnswer | null): Table {
  const border = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
  const header = ['№', 'Объект (источник образования)', 'Место накопления: вид, адрес, координаты', 'Контейнеры',
    'Объём ТКО в год', 'Объём КГО в год', 'Периодичность вывоза'];
  const rows = areas.map((a, i) => new TableRow({
    children: [
      cell(String(i + 1)),
      cell(a.waste_source?.name ?? '—'),
      cell(`${a.waste_area_type ? ContractWasteAreaType.label(a.waste_area_type) : BLANK}; ${a.waste_area_location ?? BLANK}`
        + (a.waste_area_coordinates ? `; ${a.waste_area_coordinates.lat}, ${a.waste_area_coordinates.lng}` : '')),
      cell(a.containers.length ? a.containers.map((c) => `${formatNumber(c.volume)} м³`).join('; ') : '—'),
      cell(m3(price?.objects.find((o) => o.id === a.id)?.tko_m3_year)),
      cell(m3(price?.objects.find((o) => o.id === a.id)?.kgo_m3_year ?? '0')),
      cell(Periodicity.label(a.periodicity)
        + (a.periodicity_on_weekdays.length ? `: ${a.periodicity_on_weekdays.join(', ')}` : '')
        + (a.periodicity_on_dates.length ? `: ${a.periodicity_on_dates.map(ruDate).join(', ')}` : '')),
    ],
  }));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border },
    rows: [new TableRow({ tableHeader: true, children: header.map((t) => cell(t, true)) }), ...rows],
  });
}

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

/** The price clause (typical form п. 5) from the computed price (contract-price.ts), never the fee. */
function priceClause(price: ContractPriceAnswer | null): string {
  if (!price || price.price_year === null || price.price_month === null || !price.tariff || price.volume_m3_year === null) {
    return '5. Цена настоящего договора определяется как произведение единого тарифа на услугу регионального оператора на объём '
      + 'твёрдых коммунальных отходов, указанный в приложении к настоящему договору'
      + (price?.reasons.length ? ` (не определена: ${price.reasons.join(' ')})` : '') + '.';
  }
  return `5. Цена настоящего договора составляет ${rub(price.price_year)} в год (${rub(price.price_month)} в месяц): единый тариф `
    + `на услугу регионального оператора ${rub(price.tariff.cost)} за 1 м³ («${price.tariff.name}», действует с ${ruDate(price.tariff.start_date)}) `
    + `× объём ${m3(price.volume_m3_year)} в год, в том числе твёрдые коммунальные отходы ${m3(price.tko_m3_year)}, крупногабаритные отходы ${m3(price.kgo_m3_year)}.`;
}

/** The DOCX of contract revision `c` with its waste areas and its computed price (null: not known). */
export async function contractDocx(c: Row, areas: ContractWasteAreaItem[], price: ContractPriceAnswer | null = null, parties: Parties = {}): Promise<Buffer> {
  const number = str(c.number);
  const children: (Paragraph | Table)[] = [
    h(`ДОГОВОР № ${number}`),
    p('на оказание услуг по обращению с твёрдыми коммунальными отходами', { bold: true, center: true }),
    p(`(типовая форма — постановление Правительства РФ от 12.11.2016 № 1156; редакция № ${str(c.revision)})`, { center: true, size: 20 }),
    p(`${str(c.signing_location)}                                                  ${ruDate(c.signing_date)}`),
    p(`${party(c, 'contractor', parties)}, именуемое в дальнейшем «региональный оператор», с одной стороны, и ${party(c, 'customer', parties)}, `
      + 'именуемое в дальнейшем «потребитель», с другой стороны, именуемые в дальнейшем сторонами, заключили настоящий договор о нижеследующем:'),
    h('I. Предмет договора'),
    p('1. По договору на оказание услуг по обращению с твёрдыми коммунальными отходами региональный оператор обязуется принимать '
      + 'твёрдые коммунальные отходы в объёме и в месте, которые определены в настоящем договоре, и обеспечивать их транспортирование, '
      + 'обработку, обезвреживание, захоронение в соответствии с законодательством Российской Федерации, а потребитель обязуется '
      + 'оплачивать услуги регионального оператора по цене, определённой в пределах утверждённого в установленном порядке единого тарифа '
      + 'на услугу регионального оператора.'),
    p('2. Объём твёрдых коммунальных отходов, места накопления твёрдых коммунальных отходов, в том числе крупногабаритных отходов, '
      + 'и периодичность вывоза твёрдых коммунальных отходов определяются согласно приложению к настоящему договору.'),
    p(`3. Способ складирования твёрдых коммунальных отходов: ${storingMethods(c, areas)}`
      // The detail describes the contract's own method: printed only with it.
      + `${c.tko_storing_method_detail && storingMethods(c, areas) === label(TkoStoringMethod, c.tko_storing_method) ? ` (${String(c.tko_storing_method_detail)})` : ''}; `
      + `крупногабаритных отходов: ${label(KgoStoringMethod, c.kgo_storing_method)}.`),
    p(`4. Дата начала оказания услуг по обращению с твёрдыми коммунальными отходами: ${ruDate(c.effective_date)}.`),
    h('II. Сроки и порядок оплаты по договору'),
    p(priceClause(price)),
    p('6. Оплата услуг по настоящему договору осуществляется по цене, определённой в пределах утверждённого единого тарифа, '
      + 'до 10-го числа месяца, следующего за месяцем, в котором была оказана услуга.'),
    h('III. Порядок осуществления учёта объёма и (или) массы твёрдых коммунальных отходов'),
    p(`7. Стороны согласились производить учёт объёма и (или) массы твёрдых коммунальных отходов в соответствии с Правилами коммерческого `
      + `учёта объёма и (или) массы твёрдых коммунальных отходов (ПП РФ от 03.06.2016 № 505) способом: ${label(CommercialAccounting, c.commercial_accounting)}.`),
    h('IV. Права и обязанности сторон'),
    p('8. Региональный оператор обязан принимать твёрдые коммунальные отходы в объёме и в месте, которые определены в приложении к '
      + 'настоящему договору; обеспечивать транспортирование, обработку, обезвреживание, захоронение принятых отходов; отвечать на '
      + 'жалобы и обращения потребителя по вопросам исполнения настоящего договора в течение 3 рабочих дней со дня их получения.'),
    p('9. Потребитель обязан осуществлять складирование твёрдых коммунальных отходов в местах накопления, определённых настоящим '
      + 'договором, в соответствии с территориальной схемой обращения с отходами; производить оплату в порядке, размере и сроки, '
      + 'которые определены настоящим договором; обеспечивать учёт объёма и (или) массы отходов.'),
    h('V. Ответственность сторон'),
    p('10. За неисполнение или ненадлежащее исполнение обязательств по настоящему договору стороны несут ответственность в '
      + 'соответствии с законодательством Российской Федерации.'),
    h('VI. Действие договора'),
    p(`11. Настоящий договор заключается на срок до ${ruDate(c.termination_date)}, вступает в силу ${ruDate(c.effective_date)}. `
      + 'Настоящий договор считается продлённым на тот же срок и на тех же условиях, если за один месяц до окончания срока его действия '
      + 'ни одна из сторон не заявит о его прекращении или изменении.'),
    h('VII. Реквизиты и подписи сторон'),
    p(`Региональный оператор: ${requisites(c, 'contractor', parties)}.`),
    p(`${str(c.contractor_position)} ________________ / ${str(c.contractor_signatory)} /`),
    p(`Потребитель: ${requisites(c, 'customer', parties)}`
      + (c.customer_passport_number ? `; паспорт ${String(c.customer_passport_number)}, выдан ${ruDate(c.customer_issued_at)} ${str(c.customer_issued_by)}` : '') + '.'),
    p(`${str(c.customer_position)} ________________ / ${str(c.customer_signatory)} /`),
    h(`Приложение к договору № ${number}`),
    p('Информация по предмету договора: объекты, объём твёрдых коммунальных отходов и крупногабаритных отходов в год, '
      + 'места их накопления и периодичность вывоза', { center: true }),
    wasteAreaTable(areas, price),
  ];
  const doc = new Document({
    creator: 'Реестр ТКО',
    title: `Договор № ${number}`,
    sections: [{ properties: { page: { margin: { top: 1134, bottom: 1134, left: 1701, right: 850 } } }, children }],
  });
  return Packer.toBuffer(doc);
}

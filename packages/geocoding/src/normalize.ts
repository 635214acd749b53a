/**
 * Russian address normalisation (issue 9 §2): one spelling for the many ways registries and
 * OpenStreetMap write the same address, so that pg_trgm compares names, not abbreviations.
 *
 * The element types and their short forms follow the official list of the state address
 * register (ГАР/ФИАС): «Правила сокращённого наименования адресообразующих элементов»,
 * приложение к приказу Минфина России от 05.11.2015 № 171н (ред. от 2019–2021) — the
 * canonical form is the short name of that list («ул.», «пр-кт», «мкр.», «кв-л», «д.», «к.»,
 * «стр.»); the variants are the full names of the same list and the spellings met in registries
 * and in OSM («пр.», «просп.», «мкрн», «квл», «корп.»). Also: «ё» → «е», «№» dropped, Latin
 * letters that look like Cyrillic ones inside Cyrillic words and house numbers («28A», «Heвский»)
 * folded to Cyrillic, lower case, punctuation except «/» and «-» to spaces, commas kept.
 */

/** Which part of an address an element type names. */
export type ElementKind = 'settlement' | 'street' | 'house' | 'building' | 'room' | 'region';

/**
 * [canonical short name (приказ № 171н), kind, variants (full name first)]. Only the types met
 * in municipal registries; «д.» means «дом» (before a number) — the settlement type «деревня»
 * is recognised only by its full name or «дер.».
 */
export const ELEMENT_TYPES: readonly (readonly [string, ElementKind, readonly string[]])[] = [
  // Субъекты, районы (region: dropped from matching)
  ['обл.', 'region', ['область', 'обл']],
  ['край', 'region', ['край']],
  ['респ.', 'region', ['республика', 'респ']],
  ['р-н', 'region', ['район', 'р-он', 'рн']],
  ['м.р-н', 'region', ['муниципальный район']],
  ['г.о.', 'region', ['городской округ', 'го']],
  ['ао', 'region', ['автономный округ']],
  // Населённые пункты
  ['г.', 'settlement', ['город', 'г', 'гор']],
  ['пгт', 'settlement', ['поселок городского типа', 'пгт.']],
  ['рп', 'settlement', ['рабочий поселок', 'рп.', 'р.п.']],
  ['п.', 'settlement', ['поселок', 'пос', 'п']],
  ['с.', 'settlement', ['село', 'с']],
  ['дер.', 'settlement', ['деревня', 'дер']],
  ['х.', 'settlement', ['хутор', 'х']],
  ['ст-ца', 'settlement', ['станица', 'стц']],
  ['снт', 'settlement', ['садовое некоммерческое товарищество']],
  // Элементы планировочной структуры и улично-дорожной сети
  ['мкр.', 'street', ['микрорайон', 'мкр', 'мкрн', 'мкрн.', 'мк-н', 'м-н']],
  ['кв-л', 'street', ['квартал', 'квл', 'кв-л.', 'квартал.']],
  ['ул.', 'street', ['улица', 'ул']],
  ['пр-кт', 'street', ['проспект', 'просп', 'пр-т', 'пркт', 'пр', 'пр-кт.', 'просп.']],
  ['пер.', 'street', ['переулок', 'пер']],
  ['пр-д', 'street', ['проезд', 'прд', 'пр-зд']],
  ['пл.', 'street', ['площадь', 'пл']],
  ['наб.', 'street', ['набережная', 'наб']],
  ['ш.', 'street', ['шоссе', 'ш']],
  ['б-р', 'street', ['бульвар', 'бул', 'бульв', 'б-р.']],
  ['туп.', 'street', ['тупик', 'туп']],
  ['ал.', 'street', ['аллея', 'ал', 'алл']],
  ['дор.', 'street', ['дорога', 'дор']],
  ['тракт', 'street', ['тракт', 'тр-кт']],
  ['линия', 'street', ['линия', 'лн']],
  ['тер.', 'street', ['территория', 'тер']],
  ['промзона', 'street', ['промышленная зона', 'пром. зона']],
  // Элементы объектов адресации
  ['д.', 'house', ['дом', 'д', 'дом.']],
  ['влд.', 'house', ['владение', 'влд', 'вл', 'вл.']],
  ['двлд.', 'house', ['домовладение', 'двлд', 'домовл']],
  ['зд.', 'house', ['здание', 'зд']],
  ['соор.', 'house', ['сооружение', 'соор']],
  ['к.', 'building', ['корпус', 'корп', 'корп.', 'к']],
  ['стр.', 'building', ['строение', 'стр', 'строен']],
  ['лит.', 'building', ['литера', 'литер', 'лит', 'литер.']],
  ['кв.', 'room', ['квартира', 'кв']],
  ['пом.', 'room', ['помещение', 'пом']],
  ['оф.', 'room', ['офис', 'оф']],
];

/** Word (after folding, without a trailing dot) → [canonical, kind]; multi-word variants apart. */
const BY_WORD = new Map<string, readonly [string, ElementKind]>();
const PHRASES: [RegExp, string][] = [];
for (const [canon, kind, variants] of ELEMENT_TYPES) {
  for (const v of [canon, ...variants]) {
    if (v.includes(' ')) {
      PHRASES.push([new RegExp(`(^|[\\s,])${v.replace(/\./g, '\\.?').replace(/ /g, '\\s+')}(?=$|[\\s,.])`, 'gu'), `$1${canon}`]);
      continue;
    }
    const key = v.replace(/\.$/, '');
    if (!BY_WORD.has(key)) BY_WORD.set(key, [canon, kind]);
  }
}
// «пром. зона» etc. spelt as two words; the kind lookup of canonical forms.
const KIND_OF = new Map(ELEMENT_TYPES.map(([c, k]) => [c, k] as const));

const LATIN_TO_CYRILLIC: Record<string, string> = {
  a: 'а', b: 'в', c: 'с', e: 'е', h: 'н', k: 'к', m: 'м', o: 'о', p: 'р', t: 'т', x: 'х', y: 'у',
};

/** A word with Latin look-alikes folded to Cyrillic, when it has Cyrillic letters or is a house number. */
function foldLookalikes(word: string): string {
  const cyr = /[а-я]/.test(word);
  const houseNo = /^\d+[a-z]$/.test(word) || /^\d+[a-zа-я]?\/\d+[a-zа-я]?$/.test(word);
  if (!cyr && !houseNo) return word;
  return word.replace(/[a-z]/g, (ch) => LATIN_TO_CYRILLIC[ch] ?? ch);
}

/** Lower case, ё → е, look-alikes folded, «№» dropped, punctuation to spaces (commas, «/», «-» kept). */
function clean(text: string): string {
  let s = text.normalize('NFC').toLowerCase().replace(/ё/g, 'е').replace(/№/g, ' ');
  s = s.replace(/[«»"'()[\]{};:!?]/g, ' ');
  // «д.13», «мкр.д.13», «ул.Ленина», «28к2» → separate words; dots end abbreviations.
  s = s.replace(/\.(?=\S)/g, '. ');
  s = s.replace(/(\d)(корп|к|стр|с|лит)(?=\.?\s*\d|\.?\s*[а-я]\b)/g, '$1 $2 ');
  // The same part glued to its own number after the house number: «28 к2», «28-30 к21», «5 стр1»
  // (OSM's own spelling; without this «к21» was no building part and the house read «28-30»).
  s = s.replace(/(\d[а-я]?)\s+(корп|к|стр)(?=\d)/g, '$1 $2 ');
  // The letter of a house goes with its number: «28 лит. А», «39 литД», «28 А» → «28а», «39д»
  // (a lone «д» would read as «дом»).
  // Also after a comma («д. 30, лит. Б»): else the letter was dropped and house 30 answered.
  s = s.replace(/(\d)\s*(?:,\s*)?(?:литера|литер|лит)\.?\s*([а-я])(?=$|[\s,])/g, '$1$2');
  s = s.replace(/\s+/g, ' ').replace(/\s*,\s*/g, ' , ');
  s = s.split(' ').map(foldLookalikes).join(' ');
  for (const [re, to] of PHRASES) s = s.replace(re, to);
  return s.trim();
}

/** One word of a normalised address: its text and, for an element type, its kind. */
interface Token {
  text: string;
  kind?: ElementKind;
}

/** The words of `text` with element types in canonical short form («ул.», «д.», …); commas as ','. */
function tokens(text: string): Token[] {
  return clean(text).split(' ').filter(Boolean).map((w) => {
    if (w === ',') return { text: ',' };
    const hit = BY_WORD.get(w.replace(/\.$/, ''));
    if (hit) return { text: hit[0], kind: hit[1] };
    if (KIND_OF.has(w)) return { text: w, kind: KIND_OF.get(w)! };
    return { text: w.replace(/\.$/, '').replace(/^-+|-+$/g, '') };
  }).filter((t) => t.text);
}

/**
 * `text` with every address element type spelt in its canonical short form (приказ Минфина
 * № 171н), lower case, «ё» → «е», look-alikes folded, whitespace collapsed: «Невский
 * проспект, дом № 28» → «невский пр-кт, д. 28».
 */
export function normalizeAddress(text: string): string {
  return tokens(text).map((t) => t.text).join(' ').replace(/ ,/g, ',').replace(/^[,\s]+|[,\s]+$/g, '').replace(/,(\s*,)+/g, ',');
}

/** The parts of an address that the geocoder matches on; all normalised (lower case). */
export interface ParsedAddress {
  /** Settlement name without its type («санкт-петербург»), when named. */
  settlement: string | null;
  /** Street (or микрорайон / квартал) name without its type («невский», «113»). */
  street: string | null;
  /** The street's canonical type («пр-кт»), when written. */
  streetType: string | null;
  /** House number in canonical form: «28», «16/14», «28а», «28к2», «28с1». */
  house: string | null;
}

/** Words next to a number that make it a floor or an entrance, not a house («подъезд 3», «2 этаж»). */
const FLOOR_OR_ENTRANCE = /^(этаж[а-я]*|эт|подъезд[а-я]*|под)\.?$/;

/** A house number: «28», «28а», «16/14», «18-20», «7-9-11», «13-15/50». */
const NUMBER = /^\d+[а-я]?(-\d+[а-я]?)*(\/\d+[а-я]?(-\d+[а-я]?)*)?$/;
const ORDINAL = /^(\d+)-?(ая|я|ый|ий|й|ой|го|е)$/;

/** An ordinal street-name word in one spelling: «1-ая», «1я» → «1-я»; «2-ой», «2й» → «2-й». */
function ordinal(word: string): string {
  const m = ORDINAL.exec(word);
  if (!m) return word;
  const end = m[2]!;
  return `${m[1]}-${end === 'ая' || end === 'я' ? 'я' : end === 'е' ? 'е' : end === 'го' ? 'го' : 'й'}`;
}

/**
 * A house number in canonical form: «28 к. 2» / «28 корпус 2» / «28к2» → «28к2»,
 * «28 стр. 1» → «28с1», «28 лит. А» / «28 А» / «28A» → «28а», «16/14» stays.
 */
export function normalizeHouse(text: string): string {
  const t = tokens(text).filter((x) => x.kind !== 'house' && x.text !== ',');
  let out = '';
  for (let i = 0; i < t.length; i++) {
    const w = t[i]!;
    if (w.text === 'к.') out += 'к';
    else if (w.text === 'стр.') out += 'с';
    else if (w.text === 'лит.') continue;
    else out += w.text;
  }
  return out.replace(/\s+/g, '');
}

/** The full word of a street type («наб.» → «набережная»): the name of a street named by one. */
const FULL_STREET_WORD = new Map(ELEMENT_TYPES.filter(([, k]) => k === 'street').map(([c, , v]) => [c, v[0]!] as const));

/**
 * A street named by a type word, the name otherwise empty: «ул. Набережная», «Набережная улица»,
 * «ул. Линия» → «ул.» (else the last type word) is the type, the other type words in full the name.
 * Without this such a street had no name: the registry's address matched nothing and the index
 * dropped OSM's addresses on it.
 */
function typeWordsAsName(words: Token[]): { name: string; type: string | null } | null {
  const types = words.filter((w) => w.kind === 'street');
  if (types.length < 2) return null;
  const type = types.find((w) => w.text === 'ул.') ?? types[types.length - 1]!;
  const name = types.filter((w) => w !== type).map((w) => FULL_STREET_WORD.get(w.text) ?? w.text).join(' ');
  return { name, type: type.text };
}

/** Street name and type of an OSM `addr:street` or a registry street: «Невский проспект» → {невский, пр-кт}. */
export function parseStreet(text: string): { name: string; type: string | null } {
  const t = tokens(text).filter((x) => x.text !== ',');
  const type = t.find((x) => x.kind === 'street')?.text ?? null;
  const name = t.filter((x) => x.kind !== 'street').map((x) => ordinal(x.text)).join(' ');
  return (!name && typeWordsAsName(t)) || { name, type };
}

/**
 * Splits an address as registries write it into settlement, street and house («г. Ангарск,
 * 113 мкр. д. 13», «Невский пр. 28 корп. 2», «ул Жердева,56»). Region, district, postcode and
 * flat/office parts are dropped. Without a street type, the part just before the house number is
 * the street.
 */
export function parseAddress(text: string): ParsedAddress {
  // Parenthesised parts are comments («(у торца)», «(во дворе дома 7)») or a second address of the
  // same place («Ангарск, 47 квл, 60 (ул. Набережная, 41)»): the address outside them comes first,
  // a parenthesised one only when the outside names no street and house. Mixing them gave
  // «47 кв-л, 41», and a landmark's number was taken for the house (a wrong building).
  const outside = text.replace(/\([^()]*\)/g, ' ');
  const main = parseTokens(tokens(outside));
  if (outside === text || (main.street && main.house)) return main;
  for (const m of text.matchAll(/\(([^()]*)\)/g)) {
    const alt = parseTokens(tokens(m[1]!));
    if (alt.street && alt.house) return { ...alt, settlement: alt.settlement ?? main.settlement };
  }
  return main;
}

/** parseAddress of one address's words. */
function parseTokens(t: Token[]): ParsedAddress {
  // The house: after «д.»/«влд.» … or else the last bare number not part of a street name.
  let hi = t.findIndex((x, i) => x.kind === 'house' && NUMBER.test(t[i + 1]?.text ?? ''));
  let houseStart = hi >= 0 ? hi + 1 : -1;
  if (houseStart < 0) {
    for (let i = t.length - 1; i >= 0; i--) {
      const w = t[i]!;
      const next = t[i + 1];
      const prev = t[i - 1];
      if (!NUMBER.test(w.text)) continue;
      if (next?.kind === 'street') continue; // «113 мкр.»: the number names the микрорайон
      if (prev?.kind === 'room' || prev?.kind === 'building') continue;
      if (/^\d{6}$/.test(w.text)) continue; // postcode
      if (FLOOR_OR_ENTRANCE.test(prev?.text ?? '') || FLOOR_OR_ENTRANCE.test(next?.text ?? '')) continue; // «подъезд 3», «2 этаж»
      houseStart = i;
      hi = i;
      break;
    }
  }
  let house: string | null = null;
  let end = t.length;
  if (houseStart >= 0) {
    const parts: string[] = [t[houseStart]!.text];
    let j = houseStart + 1;
    while (j < t.length) {
      const w = t[j]!;
      // «д. 5, корп. 2»: a comma before the корпус / строение keeps it with the house (else house 5 answered).
      if (w.text === ',' && t[j + 1]?.kind === 'building' && t[j + 2] && t[j + 2]!.text !== ',') {
        j += 1;
      } else if (w.kind === 'building' && t[j + 1] && t[j + 1]!.text !== ',') {
        parts.push(w.text, t[j + 1]!.text);
        j += 2;
      } else if (/^[а-я]$/.test(w.text) && parts.length === 1 && (!t[j + 1] || t[j + 1]!.text === ',' || t[j + 1]!.kind)) {
        // A lone letter is the house's («28 А», «28 А, кв. 5»), not a preposition starting words («46 у торца»).
        parts.push(w.text);
        j += 1;
      } else break;
    }
    house = normalizeHouse(parts.join(' '));
    end = hi;
  }
  // Everything before the house, in comma-separated segments.
  const segments: Token[][] = [[]];
  for (const w of t.slice(0, end)) {
    if (w.text === ',') segments.push([]);
    else segments[segments.length - 1]!.push(w);
  }
  let settlement: string | null = null;
  const rest: Token[][] = [];
  for (const seg of segments.filter((s) => s.length)) {
    if (seg.some((w) => w.kind === 'region') || seg.every((w) => /^\d{6}$/.test(w.text) || w.text === 'россия' || w.text === 'рф')) continue;
    const si = seg.findIndex((w) => w.kind === 'settlement');
    if (si >= 0 && seg[si + 1] && seg[si + 1]!.kind === undefined) {
      settlement = seg[si + 1]!.text;
      const remaining = [...seg.slice(0, si), ...seg.slice(si + 2)];
      if (remaining.length) rest.push(remaining);
      continue;
    }
    if (si >= 0 && si > 0 && seg.length === 2) {
      settlement = seg[0]!.text;
      continue;
    }
    rest.push(seg);
  }
  const street = rest.find((s) => s.some((w) => w.kind === 'street')) ?? rest[rest.length - 1] ?? null;
  // Without any settlement type, a leading segment before the street is the settlement («Ангарск, ул. …»).
  if (!settlement && street && rest.length > 1 && rest[0] !== street && rest[0]!.length <= 2) {
    settlement = rest[0]!.map((w) => w.text).join(' ');
  }
  const words = (street ?? []).filter((w) => w.kind !== 'house' && w.kind !== 'building' && w.kind !== 'room');
  let type = words.find((w) => w.kind === 'street')?.text ?? null;
  let name = words.filter((w) => w.kind !== 'street' && w.kind !== 'settlement').map((w) => ordinal(w.text)).join(' ');
  const named = name ? null : typeWordsAsName(words);
  if (named) ({ name, type } = named);
  return { settlement, street: name || null, streetType: type, house };
}

/**
 * Russian declension for the contract's preamble «в лице <должность> <ФИО>» (the genitive case,
 * типовая форма ПП РФ № 1156): the person's name by the maintained `lvovich` library (surname,
 * first name, patronymic; gender from the patronymic), the position by the rules of Russian
 * grammar for the words up to its head noun (adjectives -ый/-ой → -ого, -ий → -его, after г/к/х
 * -ого; nouns: consonant → +а, -ь/-й → -я, -а → -ы (after г/к/х/ж/ш/ч/щ → -и), -я → -и); the words
 * after the head noun are already in the genitive («директор филиала») and stay.
 *
 * Input: a nominative ФИО «Фамилия Имя Отчество» (initials kept as they are) and a position.
 * Output: the genitive. Throws nothing: an unknown shape is returned unchanged.
 */
import { incline } from 'lvovich';

/** «Петров Пётр Петрович» → «Петрова Петра Петровича»; «Петров П. П.» → «Петрова П. П.». */
export function nameGenitive(fio: string): string {
  const parts = fio.trim().split(/\s+/);
  if (!parts[0]) return fio;
  const [last, first, middle] = parts;
  const initial = (w: string | undefined) => !w || /\./.test(w);
  const r = incline({ last, first: initial(first) ? undefined : first, middle: initial(middle) ? undefined : middle }, 'genitive');
  return [r.last ?? last, initial(first) ? first : r.first, initial(middle) ? middle : r.middle, ...parts.slice(3)].filter(Boolean).join(' ');
}

const ADJ = /(ый|ой|ий)$/;
const HARD = /[гкх]$/;
const HUSHING = /[гкхжшчщ]$/;

function adjectiveGenitive(w: string): string {
  if (w.endsWith('ый') || w.endsWith('ой')) return `${w.slice(0, -2)}ого`;
  const stem = w.slice(0, -2);
  return `${stem}${HARD.test(stem) ? 'ого' : 'его'}`;
}

function nounGenitive(w: string): string {
  if (/[ьй]$/.test(w)) return `${w.slice(0, -1)}я`;
  if (w.endsWith('а')) return `${w.slice(0, -1)}${HUSHING.test(w.slice(0, -1)) ? 'и' : 'ы'}`;
  if (w.endsWith('я')) return `${w.slice(0, -1)}и`;
  if (/[бвгджзклмнпрстфхцчшщ]$/.test(w)) return `${w}а`;
  return w;
}

/** «Генеральный директор» → «генерального директора»; «Директор филиала» → «директора филиала». */
export function positionGenitive(position: string): string {
  const words = position.trim().split(/\s+/);
  const out: string[] = [];
  let headDone = false;
  for (const [i, raw] of words.entries()) {
    const w = i === 0 && !/^[А-ЯЁ]{2,}/.test(raw) ? raw.toLowerCase() : raw;
    if (headDone || !/^[а-яё-]+$/i.test(w)) { out.push(w); continue; }
    if (ADJ.test(w) && w.length > 3) out.push(adjectiveGenitive(w));
    else {
      out.push(nounGenitive(w));
      headDone = true;
    }
  }
  return out.join(' ');
}

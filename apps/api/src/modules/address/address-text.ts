/**
 * Normalising a typed address before trigram matching: the registry writes «квл», «мкр», «ул.»
 * (the Angarsk data, docs/DATA.md), people type «квартал», «микрорайон», «улица», «г.», «д.».
 * pg_trgm lower-cases by itself; this only rewrites whole words.
 */
const WORDS: [RegExp, string][] = [
  [/(^|[\s,])квартал(?=$|[\s,.])/giu, '$1квл'],
  [/(^|[\s,])кв-л(?=$|[\s,.])/giu, '$1квл'],
  [/(^|[\s,])микрорайон(?=$|[\s,.])/giu, '$1мкр'],
  [/(^|[\s,])мкрн?\.?(?=$|[\s,])/giu, '$1мкр'],
  [/(^|[\s,])улица(?=$|[\s,.])/giu, '$1ул.'],
  [/(^|[\s,])проспект(?=$|[\s,.])/giu, '$1пр-т'],
  [/(^|[\s,])переулок(?=$|[\s,.])/giu, '$1пер.'],
  [/(^|[\s,])(город|г\.|г)(?=$|[\s,])/giu, '$1'],
  [/(^|[\s,])(дом|д\.|д)(?=\s*\d)/giu, '$1'],
];

/** The query as the registry would spell it; whitespace collapsed. */
export function normaliseAddress(text: string): string {
  let s = text.normalize('NFC');
  for (const [re, to] of WORDS) s = s.replace(re, to);
  return s.replace(/\s+/g, ' ').replace(/\s*,\s*/g, ', ').replace(/^[\s,]+|[\s,]+$/g, '').trim();
}

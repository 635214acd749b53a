/**
 * The name kept for an uploaded file (attachments and import uploads alike): its base name
 * (a client may send a path), without control characters (Unicode Cc) and without the
 * bidirectional controls (Unicode property Bidi_Control: LRE…RLO U+202A–202E, LRI…PDI
 * U+2066–2069, LRM/RLM, ALM), which make `photo\u202Egpj.exe` show as «photoexe.jpg»
 * (Unicode Technical Report #36 §2.1, "Bidirectional Text Spoofing"); at most 255 characters.
 */
import path from 'node:path';

/** `raw` cleaned as described above; `fallback` when nothing is left. */
export function cleanFileName(raw: string | undefined, fallback = 'файл'): string {
  const base = path.basename((raw ?? '').replace(/\\/g, '/')).replace(/[\p{Cc}\p{Bidi_Control}]/gu, '').trim();
  return (base || fallback).slice(0, 255);
}

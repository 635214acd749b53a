/**
 * The run options of an import file that its template honours (contract
 * ImportApplicableOptionsSchema, from GET /api/import/templates/; issue 10 §6), pure: the options
 * the screen sends are reset to their defaults where they do not apply — a key chosen under
 * another template would otherwise answer 400 at «Запустить импорт».
 */
import { DEFAULT_IMPORT_OPTIONS, type ImportApplicableOptions, type ImportOptions } from '@tko/contract';

/** `options` with everything `applies` rules out set back to the default; unchanged while `applies` is unknown (null). */
export function fitOptions(options: ImportOptions, applies: ImportApplicableOptions | null): ImportOptions {
  if (!applies) return options;
  const out = { ...options };
  if (!applies.duplicates) {
    out.duplicates = DEFAULT_IMPORT_OPTIONS.duplicates;
    out.groups = {};
  }
  if (out.match_key !== 'none' && !applies.match_keys.includes(out.match_key)) out.match_key = 'none';
  if (!applies.match_distance) out.match_distance = null;
  if (!applies.existing) out.existing = DEFAULT_IMPORT_OPTIONS.existing;
  if (!applies.all_or_nothing) out.all_or_nothing = DEFAULT_IMPORT_OPTIONS.all_or_nothing;
  return out;
}

/** Address suggestions while typing (GET /api/address/suggest/, spec 01 §5, §7; 5 by default). */
import { ADDRESS_SUGGEST_PATH, ADDRESS_SUGGESTIONS_COUNT, AddressSuggestionsSchema, type AddressSuggestion } from '@tko/contract';
import { http } from './client';

export async function suggestAddresses(query: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  const body = await http.json<unknown>(ADDRESS_SUGGEST_PATH, { query: { query, count: ADDRESS_SUGGESTIONS_COUNT }, signal });
  return AddressSuggestionsSchema.parse(body).suggestions;
}

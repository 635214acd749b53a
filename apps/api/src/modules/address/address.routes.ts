/**
 * Address calls (spec 01 §5, §7; issue 3 §6), for a user with view on a registry with
 * addresses (contract ADDRESS_REGISTRIES; 401 / 403 first); the offline provider searches only
 * the registries the user views; answers carry no registry row ids:
 *   GET  /api/address/suggest/?query=&count=5   → {suggestions: [{value, unrestricted_value, data}]}
 *   POST /api/address/suggest/ {query, count}   the same (DaData's own request shape)
 *   GET  /api/address/clean/?location=          → {source, result, geo_lat, geo_lon, qc_geo,
 *                                                 provider, similarity, match}; 404 {detail}
 *                                                 when nothing matches
 * Refusals (400 on the field, spec 01 §8): no query → «Невозможно получить подсказки адреса без
 * параметров запроса.», no location → «Невозможно очистить адрес без строки адреса.»; longer
 * than ADDRESS_QUERY_MAX → 400; count outside 1–20 → 400.
 */
import type { FastifyInstance } from 'fastify';
import {
  ADDRESS_MSG, ADDRESS_QUERY_MAX, ADDRESS_SUGGESTIONS_COUNT, addressCleanRoute, addressSuggestPostRoute, addressSuggestRoute,
  AddressSuggestQuerySchema,
} from '@tko/contract';
import type { AddressSuggestQuery } from '@tko/contract';
import { FieldValidationError } from '@tko/db';
import type { AuthGuards, AuthUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import type { AddressService } from './address.service';

/** The text of a parameter, trimmed; a 400 on `field` when missing, blank or too long. */
function text(value: string | undefined, field: string, missing: string): string {
  const s = (value ?? '').trim();
  if (!s) throw FieldValidationError.of(field, missing);
  if (s.length > ADDRESS_QUERY_MAX) throw FieldValidationError.of(field, ADDRESS_MSG.tooLong);
  return s;
}

/** The registries whose addresses `user` may see: those they view (issue 8 §6). */
function readable(user: AuthUser): ReadonlySet<string> {
  return new Set(Object.entries(user.permissions).filter(([, p]) => p.view).map(([r]) => r));
}

export function registerAddressRoutes(app: FastifyInstance, deps: { address: AddressService; guards: AuthGuards }): void {
  const suggest = async (q: AddressSuggestQuery | undefined, user: AuthUser) => {
    const query = text(q?.query, 'query', ADDRESS_MSG.noQuery);
    return { suggestions: await deps.address.suggest(query, q?.count ?? ADDRESS_SUGGESTIONS_COUNT, readable(user)) };
  };

  registerRoute(app, addressSuggestRoute, ({ query, user }) => suggest(query, user), deps);

  // DaData's own shape: any JSON object, read here (no body schema, so no generic 400 first).
  registerRoute(app, addressSuggestPostRoute, ({ body, user }) => {
    const parsed = AddressSuggestQuerySchema.safeParse(body && typeof body === 'object' ? body : {});
    if (!parsed.success) throw FieldValidationError.of('count', ADDRESS_MSG.count);
    return suggest(parsed.data, user);
  }, deps);

  registerRoute(app, addressCleanRoute, async ({ query, user }) => {
    const location = text(query.location, 'location', ADDRESS_MSG.noLocation);
    const out = await deps.address.clean(location, readable(user));
    if (!out) throw new HttpError(404, ADDRESS_MSG.notFound, 'address_not_found');
    return out;
  }, deps);
}

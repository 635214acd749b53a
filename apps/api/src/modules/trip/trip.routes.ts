/**
 * GET /trip/v1/driving/{coordinates} (contract routes/trip.ts; issue 10 §2): OSRM's trip answered
 * from pgRouting over the region's road graph (@tko/db routing), or passed through unchanged to
 * OSRM_URL when set (status, JSON body). Refusals: 400 `{code, message, detail}` with OSRM's code
 * (detail repeats the message, so the answer is also DRF-shaped for the product's clients).
 */
import { tripRoute } from '@tko/contract';
import { trip, TripError } from '@tko/db';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';
import { parseCoordinates, parseTripOptions } from './trip-options';

export const tripModule = apiModule('trip', (app, d) => {
  registerRoute(app, tripRoute, async ({ params, query, request, reply }) => {
    if (d.config.osrmUrl) {
      const qs = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const res = await fetch(`${d.config.osrmUrl}/trip/v1/driving/${encodeURI(params.coordinates)}${qs}`, { signal: AbortSignal.timeout(30_000) })
        .catch(() => null);
      if (!res) return reply.code(503).send({ detail: 'Сервер маршрутов OSRM недоступен.', code: 'routing_unavailable' });
      const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body) return reply.code(502).send({ detail: 'Сервер маршрутов OSRM ответил не JSON.', code: 'routing_bad_answer' });
      if (res.status >= 400) return reply.code(res.status).send({ ...body, detail: String(body.message ?? body.code ?? 'Ошибка OSRM.') });
      return reply.code(200).send(body);
    }
    try {
      const points = parseCoordinates(params.coordinates);
      const options = parseTripOptions(query, d.config.routingSnapMeters);
      return await trip(d.pool, points, options);
    } catch (e) {
      if (e instanceof TripError) return reply.code(e.status).send({ code: e.code, message: e.message, detail: e.message });
      throw e;
    }
  }, d);
});

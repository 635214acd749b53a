import { describe, expect, it, vi } from 'vitest';
import { ApiError, describeError, errorMessage } from '../../src/api/errors';
import { buildUrl, createHttpClient, type SessionPort } from '../../src/api/http';
import { filenameFromDisposition } from '../../src/api/download';

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fakeSession(tokens: (string | null)[]) {
  let current = 'old';
  const session = {
    validAccessToken: vi.fn(async () => current),
    renewAfter: vi.fn(async (_rejected: string | null): Promise<string | null> => {
      const next = tokens.shift() ?? null;
      if (next) current = next;
      return next;
    }),
    signOut: vi.fn((_reason: 'unauthorized') => undefined),
  };
  return session satisfies SessionPort;
}

describe('http client', () => {
  it('sends the bearer token, JSON and the Russian accept-language', async () => {
    const fetch = vi.fn(async () => json(200, { ok: 1 }));
    const http = createHttpClient({ fetch, session: fakeSession([]) });
    expect(await http.json('/api/x/', { method: 'POST', json: { a: 1 }, query: { page: 1, q: '', z: undefined } })).toEqual({ ok: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x/?page=1');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer old', 'Accept-Language': 'ru', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it('sends a file as multipart: the body is the form, no JSON content type', async () => {
    const fetch = vi.fn(async () => json(201, { id: 7 }));
    const http = createHttpClient({ fetch, session: fakeSession([]) });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'фото.png');
    expect(await http.json('/api/attachments/upload-file/', { method: 'POST', form })).toEqual({ id: 7 });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer old' });
  });

  it('a 401 triggers one refresh and one retry with the new token', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(json(401, { detail: 'Токен недействителен или просрочен.' })).mockResolvedValueOnce(json(200, { id: 1 }));
    const session = fakeSession(['new']);
    const http = createHttpClient({ fetch, session });
    expect(await http.json('/api/users/me/')).toEqual({ id: 1 });
    expect(session.renewAfter).toHaveBeenCalledWith('old');
    expect((fetch.mock.calls[1]![1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer new' });
    expect(session.signOut).not.toHaveBeenCalled();
  });

  it('a second 401 (or a failed refresh) signs out', async () => {
    const fetch = vi.fn(async () => json(401, { detail: 'Нет.' }));
    const session = fakeSession(['new']);
    const http = createHttpClient({ fetch, session });
    await expect(http.json('/api/x/')).rejects.toMatchObject({ status: 401, message: 'Нет.' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(session.signOut).toHaveBeenCalledWith('unauthorized');

    const fetch2 = vi.fn(async () => json(401, { detail: 'Нет.' }));
    const session2 = fakeSession([null]);
    await expect(createHttpClient({ fetch: fetch2, session: session2 }).json('/api/x/')).rejects.toBeInstanceOf(ApiError);
    expect(fetch2).toHaveBeenCalledTimes(1);
    expect(session2.signOut).toHaveBeenCalledWith('unauthorized');
  });

  it('anonymous calls carry no token and never refresh', async () => {
    const fetch = vi.fn(async () => json(401, { detail: 'Нет.' }));
    const session = fakeSession(['new']);
    await expect(createHttpClient({ fetch, session }).json('/api/auth/token/', { auth: false })).rejects.toMatchObject({ status: 401 });
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('Authorization');
    expect(session.renewAfter).not.toHaveBeenCalled();
  });

  it('keeps 400 bodies for the form and turns network failures into a Russian error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = vi.fn().mockResolvedValueOnce(json(400, { location: ['Обязательное поле.'], non_field_errors: ['Дубликат.'] })).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const http = createHttpClient({ fetch, session: fakeSession([]) });
    const err = (await http.json('/api/x/').catch((e: unknown) => e)) as ApiError;
    expect(err.fieldErrors).toEqual({ location: ['Обязательное поле.'], non_field_errors: ['Дубликат.'] });
    expect(err.message).toBe('Дубликат.');
    const net = (await http.json('/api/x/').catch((e: unknown) => e)) as ApiError;
    expect(net.isNetwork).toBe(true);
    expect(errorMessage(net)).toMatch(/Нет связи с сервером/);
    expect(describeError(404, null)).toBe('Объект не найден.');
    // A 400 naming its problem at a field says the server's words; many field errors, the general advice.
    expect(describeError(400, { vehicles: ['В графике нет транспортных средств с гаражом, у которого указаны координаты.'] })).toBe('В графике нет транспортных средств с гаражом, у которого указаны координаты.');
    expect(describeError(400, { a: ['Обязательное поле.'], b: ['Обязательное поле.'], c: ['Слишком длинно.'], d: ['Не число.'], e: ['Не дата.'] })).toBe('Проверьте правильность заполнения полей.');
    expect(buildUrl('/a/?x=1', { y: 2 })).toBe('/a/?x=1&y=2');
  });

  it('reads the file name of an export', () => {
    expect(filenameFromDisposition(`attachment; filename="export.xlsx"; filename*=UTF-8''%D0%BF%D0%BB%D0%BE%D1%89%D0%B0%D0%B4%D0%BA%D0%B8.xlsx`)).toBe('площадки.xlsx');
    expect(filenameFromDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

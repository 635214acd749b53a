/**
 * The citizen's side of appeals (docs/DECISIONS.md «Public appeal form» … «Single-use appeal
 * links») on a real PostgreSQL, Redis (STOMP fan-out) and a
 * real SMTP receiver: a staff reply is e-mailed to the author with the appeal's number and a
 * signed link; the link opens once — exchanged for a session that reads the dialog (staff without
 * their e-mail) and takes the author's answer (201, live on the dialog topic, ANSWERED →
 * IN_PROGRESS); the same link in another browser (no session) is refused and a new link is
 * e-mailed on request (only to the appeal's own address); an altered token, a link or session
 * whose e-mail no longer matches the appeal, and a closed appeal are refused.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appealDialogTopic, DESTINATIONS, PUBLIC_APPEAL_ANSWER_PATH, PUBLIC_APPEAL_DIALOG_PATH, PUBLIC_APPEAL_LINK_PATH, PUBLIC_APPEAL_PATH, PUBLIC_APPEAL_SESSION_PATH } from '@tko/contract';
import { formToken } from '../src/modules/appeals/public-appeal-form';
import { createUser } from './helpers';
import { linkOf, startSmtpReceiver } from './smtp-receiver';
import type { SmtpReceiver } from './smtp-receiver';
import { connectClient, json, REDIS_URL, startStompApp, waitFor } from './stomp-helpers';
import type { StompTestApp } from './stomp-helpers';
import { TokenService } from '../src/modules/auth/tokens';

let t: StompTestApp;
let smtp: SmtpReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await startStompApp({ redisUrl: REDIS_URL, overrides: { smtpUrl: smtp.url, publicUrl: 'http://tko.test',
    // Counters live in the shared Redis across runs: room enough that only a test of the limit itself meets it.
    mailRateLimit: { perAccount: 1000, perAddress: 1000, windowSeconds: 60 } } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const admin = () => ({ Authorization: `Bearer ${t.tokens.admin}` });
const api = () => request(t.app.server);

describe('replies by e-mail and the public dialog', () => {
  it('e-mails a reply with the number and a link where the author reads the dialog and answers', async () => {
    const appeal = (await api().post('/api/appeals/').set(admin()).send({ author_name: 'Петрова Анна', author_email: 'petrova@example.ru', category: 'NOT_COLLECTED', text: 'Не вывозят третий день.' })).body;
    const ts = new TokenService(t.config.jwtSecret, t.config.accessTokenLifetime, t.config.refreshTokenLifetime);
    const operator = await createUser(t.pool, 'op-public@test.local', ['appeals:view', 'appeals:change'], { first: 'Олег', last: 'Операторов' });
    const reply = await api().post(`/api/appeals/${appeal.id}/reply/`).set({ Authorization: `Bearer ${ts.access(operator)}` }).send({ text: 'Вывоз назначен на завтра.' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);

    const mail = await smtp.next('petrova@example.ru');
    expect(mail.subject).toBe(`Ответ на обращение № ${appeal.id}`);
    expect(mail.text).toContain('Здравствуйте, Петрова Анна!');
    expect(mail.text).toContain('Вывоз назначен на завтра.');
    const link = linkOf(mail);
    expect(`${link.origin}${link.pathname}`).toBe('http://tko.test/public/appeal/');
    const token = link.searchParams.get('token')!;

    // The link opens once: the first browser gets a session of 24 h.
    const opened = await api().post(PUBLIC_APPEAL_SESSION_PATH).send({ token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.appeal_id).toBe(appeal.id);
    const hours = (Date.parse(opened.body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const session = opened.body.session as string;
    // Another browser (no session) is refused and told to ask for a new link; the first may come back with its own.
    const second = await api().post(PUBLIC_APPEAL_SESSION_PATH).send({ token });
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ token: [expect.stringMatching(/^Эта ссылка уже открыта в другом браузере.*Запросите новую ссылку/)] });
    expect((await api().post(PUBLIC_APPEAL_SESSION_PATH).send({ token, session })).body).toEqual(opened.body);
    // A link is not a session, nor a session a link.
    expect((await api().get(PUBLIC_APPEAL_DIALOG_PATH).query({ session: token })).body).toEqual({ session: [expect.stringMatching(/^Сеанс завершён/)] });
    expect((await api().post(PUBLIC_APPEAL_SESSION_PATH).send({ token: session })).body).toEqual({ token: [expect.stringMatching(/^Ссылка недействительна/)] });

    const page = await api().get(PUBLIC_APPEAL_DIALOG_PATH).query({ session });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.appeal).toMatchObject({ id: appeal.id, category_label: 'Невывоз отходов', status: 'IN_PROGRESS', text: 'Не вывозят третий день.' });
    expect(page.body.messages).toEqual([expect.objectContaining({ author: null, author_name: 'Операторов Олег', text: 'Вывоз назначен на завтра.' })]);
    expect(JSON.stringify(page.body)).not.toContain('op-public@test.local');

    // The author answers; staff who have the appeal open see it live; an answered appeal is taken back.
    await t.pool.query(`UPDATE appeal SET status = 'ANSWERED' WHERE id = $1`, [appeal.id]);
    const staff = await connectClient(t.wsUrl, t.tokens.admin);
    try {
      const got = await staff.subscribe(appealDialogTopic(appeal.id));
      const answer = await api().post(PUBLIC_APPEAL_ANSWER_PATH).send({ session, text: 'Спасибо, но контейнер сломан.' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body).toMatchObject({ author: null, author_name: 'Петрова Анна', text: 'Спасибо, но контейнер сломан.' });
      await waitFor(() => got.length > 0, 'the answer on the staff client');
      expect(json(got[0]!)).toMatchObject({ id: answer.body.id, text: 'Спасибо, но контейнер сломан.' });
    } finally {
      await staff.disconnect();
    }
    expect((await api().get(`/api/appeals/${appeal.id}/`).set(admin())).body.status).toBe('IN_PROGRESS');
    expect((await api().get(`/api/appeals/${appeal.id}/dialog/`).set(admin())).body.count).toBe(2);

    // Refusals: an empty text (400 by field), an altered token, a link after the e-mail changed, a closed appeal.
    expect((await api().post(PUBLIC_APPEAL_ANSWER_PATH).send({ session, text: ' ' })).body).toEqual({ text: ['Напишите текст.'] });
    expect((await api().post(PUBLIC_APPEAL_SESSION_PATH).send({ token: `${token.slice(0, -2)}xx` })).body).toEqual({ token: [expect.stringMatching(/^Ссылка недействительна/)] });
    expect((await api().get(PUBLIC_APPEAL_DIALOG_PATH).query({ session: `${session.slice(0, -2)}xx` })).status).toBe(400);
    expect((await api().get(PUBLIC_APPEAL_DIALOG_PATH)).status).toBe(400);

    // A new link on request: a wrong address gets the same answer and no mail; the right one a fresh link that opens.
    const wrong = await api().post(PUBLIC_APPEAL_LINK_PATH).send({ appeal: appeal.id, email: 'stranger@example.ru' });
    expect(wrong.status).toBe(202);
    const right = await api().post(PUBLIC_APPEAL_LINK_PATH).send({ appeal: appeal.id, email: ' Petrova@Example.ru ' });
    expect(right.body).toEqual(wrong.body);
    const linkMail = await smtp.next('petrova@example.ru');
    expect(linkMail.subject).toBe(`Ссылка на обращение № ${appeal.id}`);
    expect(smtp.messages.filter((m) => m.subject === `Ссылка на обращение № ${appeal.id}`)).toHaveLength(1);
    expect(smtp.messages.some((m) => m.to.includes('stranger@example.ru'))).toBe(false);
    const fresh = linkOf(linkMail).searchParams.get('token')!;
    expect(fresh).not.toBe(token);
    // Two browsers opening it at once: one wins (the nonce's primary key), the other is refused.
    const race = await Promise.all([api().post(PUBLIC_APPEAL_SESSION_PATH).send({ token: fresh }), api().post(PUBLIC_APPEAL_SESSION_PATH).send({ token: fresh })]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await api().post(PUBLIC_APPEAL_LINK_PATH).send({ appeal: 'abc', email: 'x' })).body).toEqual({
      appeal: ['Укажите номер обращения.'], email: ['Укажите адрес электронной почты, например ivanov@mail.ru.'],
    });

    await t.pool.query(`UPDATE appeal SET status = 'CLOSED' WHERE id = $1`, [appeal.id]);
    expect((await api().post(PUBLIC_APPEAL_ANSWER_PATH).send({ session, text: 'Ещё вопрос' })).status).toBe(409);
    await t.pool.query(`UPDATE appeal SET author_email = 'other@example.ru' WHERE id = $1`, [appeal.id]);
    const stale = await api().get(PUBLIC_APPEAL_DIALOG_PATH).query({ session });
    expect(stale.status).toBe(400);
    expect(stale.body.session).toEqual([expect.stringMatching(/^Сеанс завершён/)]);
    expect((await api().post(PUBLIC_APPEAL_SESSION_PATH).send({ token: fresh })).body.token).toEqual([expect.stringMatching(/^Ссылка недействительна/)]);
  });

  it('the public form files an appeal the dispatcher sees live; too fast, forged or honeypot filings are refused', async () => {
    const site = (await t.pool.query<{ id: number }>(
      `INSERT INTO waste_area (kind, location, coordinates) VALUES ('CONTAINER', 'Ангарск, 12 мкр., д. 5', ST_SetSRID(ST_MakePoint(103.9, 52.54), 4326)) RETURNING id`)).rows[0]!.id;
    const form = await api().get('/api/public/v1/appeals/form/');
    expect(form.body.min_seconds).toBe(3);
    const body = { category: 'NOT_COLLECTED', author_name: 'Сидоров С. С.', author_email: 'sidorov@example.ru', text: 'Площадка переполнена.', waste_area: site };
    // A script posting the fresh token at once, a forged token, a filled honeypot: 400 on `token`, nothing written.
    expect((await api().post(PUBLIC_APPEAL_PATH).send({ ...body, token: form.body.token })).body.token[0]).toMatch(/слишком быстро/);
    expect((await api().post(PUBLIC_APPEAL_PATH).send({ ...body, token: `${Date.now() - 10_000}.forged` })).status).toBe(400);
    const aged = formToken(t.config.jwtSecret, Date.now() - 10_000);
    expect((await api().post(PUBLIC_APPEAL_PATH).send({ ...body, token: aged, website: 'http://spam' })).body.token).toEqual(['Обращение не принято: форма заполнена автоматически.']);
    expect((await api().post(PUBLIC_APPEAL_PATH).send({ ...body, waste_area: undefined, token: aged })).body).toEqual({ location: ['Укажите адрес или выберите место на карте.'] });
    expect((await t.pool.query(`SELECT 1 FROM appeal WHERE author_name = 'Сидоров С. С.'`)).rowCount).toBe(0);

    const dispatcher = await connectClient(t.wsUrl, t.tokens.admin);
    try {
      const got = await dispatcher.subscribe(DESTINATIONS.registry('appeals'));
      const filed = await api().post(PUBLIC_APPEAL_PATH).send({ ...body, token: aged });
      expect(filed.status, JSON.stringify(filed.body)).toBe(201);
      expect(filed.body.detail).toBe(`Обращение № ${filed.body.id} принято. Ответ придёт на указанный адрес электронной почты.`);
      await waitFor(() => got.length > 0, 'the new appeal on the registry topic');
      expect(json(got[0]!)).toMatchObject({ resource: 'appeals', action: 'create', id: filed.body.id });
      const card = (await api().get(`/api/appeals/${filed.body.id}/`).set(admin())).body;
      // Collection complaints: 3 working days (the default term); the site's address and point taken from the map.
      expect(card).toMatchObject({ status: 'NEW', category: 'NOT_COLLECTED', location: 'Ангарск, 12 мкр., д. 5', coordinates: { lat: 52.54, lng: 103.9 }, waste_area: { id: site } });
    } finally {
      await dispatcher.disconnect();
    }
  });
});

/**
 * The printed contract in full (docs/CONTRACTS.md; typical form of ПП РФ от 12.11.2016 № 1156,
 * modules/contracts/contract-form.ts): a contract with two objects and both parties' bank details
 * from the legal-entity registry is printed, converted to PDF by LibreOffice and read back with
 * pdftotext (poppler-utils): every section heading of the form in its order, the blanks filled
 * with the hand-computed volumes and price, the bank details, no «null»/«undefined», one scheme
 * picture per object embedded (pdfimages). The scheme draws the roads of osm.ways near a place
 * and says so when the road graph is not loaded.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractResource } from '@tko/contract';
import { FORM_HEADINGS, FORM_SECTIONS } from '../src/modules/contracts/contract-form';
import { schemeSvg } from '../src/modules/contracts/placement-scheme';
import { binary, documentText, unzip } from './download';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

const run = promisify(execFile);
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tko-contract-print-'));
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const api = () => request(t.app.server);
const admin = () => t.auth('admin');
// The regional operator and the customer with published bank requisites (ПАО Сбербанк,
// АО «Райффайзенбанк»; keys checked in bank-details.test.ts).
const OPERATOR = {
  name: 'ООО «Региональный оператор Приангарья»', inn: '3811439309', kpp: '381101001', is_reg_operator: true,
  location: 'г. Иркутск, ул. Ленина, д. 1', bank_name: 'ПАО Сбербанк', bik: '044525225',
  settlement_account: '40702810238720001420', correspondent_account: '30101810400000000225',
};
const CUSTOMER = {
  name: 'ООО «Управляющая компания Центр»', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195',
  bank_name: 'АО «Райффайзенбанк»', bik: '044525700', settlement_account: '40702810800001400002', correspondent_account: '30101810200000000700',
};
const A = { lat: 52.537311, lng: 103.886912 };
const B = { lat: 52.541, lng: 103.893 };

describe('the printed contract follows the typical form in full', () => {
  let contractId: number;
  let customerId: number;

  beforeAll(async () => {
    const op = await api().post('/api/legal-entities/juridical-person/').set(admin()).send(OPERATOR);
    expect(op.status, JSON.stringify(op.body)).toBe(201);
    const cu = await api().post('/api/legal-entities/juridical-person/').set(admin()).send(CUSTOMER);
    expect(cu.status, JSON.stringify(cu.body)).toBe(201);
    customerId = cu.body.id;
    const site = async (where: { lat: number; lng: number }, location: string, volume: string) => {
      const res = await api().post('/api/waste-area/container/').set(admin()).send({ location, coordinates: where, containers: [{ type: 'EURO', volume }] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    const siteA = await site(A, 'Ангарск, 84 квл, 12', '1.1');
    // Place A's owner in the registry of places: clause 9 names it; B's owner is unknown (a blank).
    expect((await api().patch(`/api/waste-area/container/${siteA}/`).set(admin()).send({ owners: [cu.body.id] })).status).toBe(200);
    const siteB = await site(B, 'Ангарск, 85 квл, 3', '0.75');
    const tariff = await api().post('/api/tariffs/reg-operator/').set(admin())
      .send({ kind: 'SINGLE', name: 'Единый тариф', unit: 'RUB_PER_M3', start_date: '2026-01-01', end_date: '2026-12-31', cost: '612.45', reg_operator: op.body.id });
    expect(tariff.status, JSON.stringify(tariff.body)).toBe(201);
    const c = await api().post('/api/contracts/').set(admin()).send({
      ...contractResource.example, number: 'П-1/2026', customer: cu.body.id, contractor: op.body.id,
      customer_signatory: 'Петров Пётр Петрович', contractor_signatory: 'Иванов Иван Иванович',
      waste_areas: [{ waste_area: siteA }, { waste_area: siteB }],
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    contractId = c.body.id;
  });

  const docx = async () => {
    const res = await api().get(`/api/contracts/${contractId}/docx/`).set(admin()).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };

  it('says in the scheme that the road graph is not loaded, and still gives the coordinates', async () => {
    const files = await unzip(await docx());
    const text = documentText(files);
    expect([...files.keys()].filter((n) => /^word\/media\/.+\.png$/.test(n))).toHaveLength(2);
    expect(text.match(/Дорожный граф региона не загружен: подъездные пути не показаны\./g)).toHaveLength(2);
    expect(text).toContain('координаты (широта, долгота; WGS 84, EPSG:4326): 52.537311, 103.886912.');
    expect(text).toContain('координаты (широта, долгота; WGS 84, EPSG:4326): 52.541000, 103.893000.');
  });

  it('takes a party’s name and ИНН from the registry when the contract has none', async () => {
    const c = await api().post('/api/contracts/').set(admin()).send({ number: 'П-2/2026', customer: customerId });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const res = await api().get(`/api/contracts/${c.body.id}/docx/`).set(admin()).buffer(true).parse(binary);
    const text = documentText(await unzip(res.body as Buffer));
    expect(text).toContain(`${CUSTOMER.name}, ИНН ${CUSTOMER.inn}, ОГРН ${CUSTOMER.ogrn}, КПП ${CUSTOMER.kpp}, в лице`);
    expect(text).toContain('Места накопления в договоре не указаны.');
    for (const bad of ['null', 'undefined', 'NaN']) expect(text).not.toContain(bad);
  });

  it('prints every section, the filled blanks, bank details and the schemes; LibreOffice reads it as PDF', async () => {
    // A road graph with one street 40 m south of place A (as osm2pgrouting loads it: osm.ways).
    await t.pool.query(`CREATE SCHEMA IF NOT EXISTS osm;
      CREATE TABLE IF NOT EXISTS osm.ways (gid bigint PRIMARY KEY, name text, the_geom geometry(LineString, 4326))`);
    await t.pool.query(`INSERT INTO osm.ways (gid, name, the_geom) VALUES
      (1, 'улица Проверочная', ST_SetSRID(ST_MakeLine(ST_MakePoint(103.8850, 52.53695), ST_MakePoint(103.8890, 52.53695)), 4326))`);
    const file = path.join(dir, 'contract.docx');
    await writeFile(file, await docx());
    await run('libreoffice', ['--headless', `-env:UserInstallation=file://${dir}/lo`, '--convert-to', 'pdf', '--outdir', dir, file], { timeout: 120_000 });
    const pdf = path.join(dir, 'contract.pdf');
    const raw = (await run('pdftotext', ['-enc', 'UTF-8', pdf, '-'])).stdout;
    const text = raw.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');

    // Every heading of the form, in its order.
    let at = -1;
    for (const heading of FORM_HEADINGS) {
      const next = text.indexOf(heading.replace(/\s+/g, ' '), at + 1);
      expect(next, heading).toBeGreaterThan(at);
      at = next;
    }
    // Every clause of the form (its first words), numbered 1… in order.
    const clauses = FORM_SECTIONS.flatMap((s) => s.clauses.map((c) => c.text.split('{{')[0]!.slice(0, 40)));
    expect(clauses.map((c) => Number(c.split('.')[0]))).toEqual(clauses.map((_, i) => i + 1));
    at = -1;
    for (const clause of clauses) {
      const next = text.indexOf(clause, at + 1);
      expect(next, clause).toBeGreaterThan(at);
      at = next;
    }
    expect(text).toContain('ДОГОВОР № П-1/2026');
    // Hand-computed: daily collection of 1.1 m³ = 401.5 m³ and of 0.75 m³ = 273.75 m³ a year,
    // 675.25 m³ × 612.45 руб. = 413 556.8625 → 413 556.86 руб. a year; / 12 = 34 463.07 руб.
    expect(text).toContain('Цена настоящего договора составляет 413 556,86 руб. в год (34 463,07 руб. в месяц)');
    expect(text).toContain('× объём 675,25 м³ в год');
    expect(text).toContain('401,5 м³ в год');
    expect(text).toContain('273,75 м³ в год');
    expect(text).toContain('до 10-го числа месяца, следующего за месяцем, в котором была оказана услуга');
    expect(text).toContain('1/130 ключевой ставки Центрального банка Российской Федерации');
    expect(text).toContain('Дата начала оказания услуг по обращению с твёрдыми коммунальными отходами: 01.02.2026.');
    expect(text).toContain('Настоящий договор заключается на срок до 31.12.2026.');
    expect(text).toContain('в лице директора Иванова Ивана Ивановича');
    expect(text).toContain('не входящих в состав общего имущества собственников помещений в многоквартирных домах, несёт '
      + `${CUSTOMER.name} (Ангарск, 84 квл, 12); ________________ (Ангарск, 85 квл, 3).`);
    // Bank details of both parties from the registry.
    for (const v of [OPERATOR.bik, OPERATOR.settlement_account, OPERATOR.correspondent_account, CUSTOMER.bik, CUSTOMER.settlement_account,
      CUSTOMER.correspondent_account, 'ПАО Сбербанк', 'АО «Райффайзенбанк»', 'ОГРН 1027700132195']) expect(text).toContain(v);
    // The annex: both places with coordinates; the road near A named, none within 150 m of B.
    expect(text).toContain('Ангарск, 84 квл, 12');
    expect(text).toContain('52.541000, 103.893000');
    expect(text).toContain('Подъездные пути: улица Проверочная.');
    expect(text).toContain('В радиусе 150 м дорог в дорожном графе нет.');
    for (const bad of ['null', 'undefined', 'NaN', '[object']) expect(text).not.toContain(bad);
    // The operator has no ОГРН in the registry: a blank line to fill in by hand.
    expect(text).toMatch(/ОГРН \(ОГРНИП\) ________________ ОГРН 1027700132195/);

    // One picture per object in the PDF.
    // pdfimages -list: two header lines, then «page num type width height …» (an alpha channel is a separate «smask»).
    const images = (await run('pdfimages', ['-list', pdf])).stdout.trim().split('\n').slice(2).map((l) => l.trim().split(/\s+/));
    expect(images.filter((c) => c[2] === 'image').map((c) => [c[3], c[4]])).toEqual([['480', '360'], ['480', '360']]);
  }, 180_000);

  it('draws a road where it is: 40 m south of the place, 1.6 px per metre', () => {
    // The street of the test above, 103.8850…103.8890 at 52.53695: Δφ = −0.000361° × 110 574 m = −39.92 m
    // → 63.9 px below the centre (180); Δλ × cos 52.537311° (0.608245) × 111 320 m → x 32.9 and 466.2 px.
    const svg = schemeSvg(A.lat, A.lng, { loaded: true, lines: [{ name: 'улица Проверочная', coords: [[103.885, 52.53695], [103.889, 52.53695]] }] });
    expect(svg).toContain('<polyline points="32.9,243.9 466.2,243.9"');
    expect(svg).toContain('<circle cx="240" cy="180"');
    expect(svg).not.toContain('не загружен');
  });
});

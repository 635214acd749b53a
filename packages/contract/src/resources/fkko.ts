/**
 * The ФККО catalogue (Федеральный классификационный каталог отходов), spec 03 "Dictionaries"
 * and issue 4 §6: one row per code of the Rosprirodnadzor catalogue, loaded from the real file
 * by `pnpm --filter @tko/db import-fkko` (packages/db/src/fkko). Permission resource 'fkko'.
 *
 * Only `code`, `name` and `link` are written; the database derives the rest (migration
 * 20261122090200): hazard_class (the last digit), level (by the digit groups), title
 * ('7 31 110 01 72 4 Отходы из жилищ …') as generated columns, and parent_code (the nearest
 * existing row whose code is this code with more trailing digits zeroed) by a statement
 * trigger, so a row written by the API, the loader or by hand is always placed in the tree.
 * The tree itself: GET /api/dicts/fkko/tree/ (routes/fkko.ts).
 */
import { f } from '../common/fields';
import type { RefTarget } from '../common/fields';
import { ADMIN_MARK, defineResource } from '../common/resource';
import { FkkoLevel } from '../enums/facilities-dumps';
import { validateFkkoCode } from '../validation/fkko-code';

/** Reference target of the fields that choose ФККО codes (the web shows the ФККО sub-panel). */
export const FKKO: RefTarget = { resource: 'fkko' };

/** 11 digits without spaces: the form of `parent` filter values. */
const CODE_RE = /^\d{11}$/;

export const fkkoResource = defineResource({
  name: 'fkko',
  section: 'Справочники',
  // A federal dictionary: writes need the administrator's mark too (docs/DECISIONS.md «Federal dictionaries»).
  writePermission: ADMIN_MARK,
  rowScope: { shared: 'the federal classification catalogue of waste (ФККО)' },
  label: 'Федеральный классификационный каталог отходов',
  labelOne: 'Код ФККО',
  path: '/api/dicts/fkko/',
  webPath: '/dicts/fkko/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    code: f.text('Код ФККО', { required: true, max: 40, list: true, validate: validateFkkoCode, help: '11 цифр; можно с пробелами между группами: 7 31 110 01 72 4.' }),
    name: f.text('Наименование', { required: true, max: 2000, list: true }),
    hazard_class: f.integer('Класс опасности', { readOnly: true, list: true, help: 'Последняя цифра кода: 1–5; 0 — группировочная строка, а не вид отходов.' }),
    level: f.enum('Уровень', FkkoLevel, { readOnly: true, list: true }),
    parent_code: f.text('Код родительской строки', { readOnly: true }),
    title: f.text('Код и наименование', { readOnly: true }),
    link: f.text('Страница в каталоге Росприроднадзора', { max: 255, help: 'Путь на rpn.gov.ru, например /fkko/73111001724/.' }),
  },
  filters: {
    search: { kind: 'text', fields: ['code', 'title'], label: 'Поиск по коду или наименованию' },
    hazard_class: { kind: 'int', field: 'hazard_class', label: 'Класс опасности', min: 0, max: 5 },
    level: { kind: 'enum', field: 'level', enum: FkkoLevel, label: 'Уровень' },
    parent: { kind: 'values', field: 'parent_code', label: 'Родительская строка (код)', pattern: CODE_RE, message: 'Укажите коды ФККО из 11 цифр без пробелов через запятую.' },
  },
  ordering: ['id', 'code', 'name', 'hazard_class', 'level'],
  defaultOrdering: 'code',
  titleField: 'title',
  // A code may be typed grouped, as the catalogue prints it: the spaces are dropped before
  // validation, so the stored code is always 11 digits.
  preprocess: (body) => (typeof body.code === 'string' ? { ...body, code: body.code.replace(/ /g, '') } : body),
  exampleVariant: (n) => ({ code: `7 31 110 9${n % 10} 72 4`, name: `Отходы из жилищ, пример ${n}`, link: null }),
  example: {
    code: '7 31 110 01 72 4',
    name: 'Отходы из жилищ несортированные (исключая крупногабаритные)',
    link: '/fkko/73111001724/',
  },
});

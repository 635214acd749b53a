/**
 * Calls of contracts and appeals beyond their registries' CRUD (spec 03 §7 «Contracts»,
 * «Appeals»; issue 11 §3–§4):
 *
 * - POST /api/contracts/{id}/revision/ — a new DRAFT revision copied from the contract's current
 *   (approved) one, waste areas included; 201 with the new row; 409 without an approved revision
 *   or when a draft already exists. `contracts:add`.
 * - GET /api/contracts/{id}/history/ — every revision of the contract of revision {id}, newest
 *   first, labelled «DD.MM.YYYY HH:mm» (created_at, the region's time zone; spec 03 §9) and
 *   «DD.MM.YYYY HH:mm — текущая версия» on the approved one.
 * - GET /api/contracts/{id}/waste-areas/ — the revision's waste areas with the site's address,
 *   point, kind and containers (page_size up to 500, as the web asks).
 * - GET /api/contracts/{id}/price/ — the objects' volumes and the contract's price (ContractPriceSchema).
 * - GET /api/contracts/{id}/life-cycle/ — the conclusion steps, deadline and overdue flag (ContractLifeCycleSchema).
 * - GET /api/contracts/{id}/docx/ — the printable contract (типовой договор, ПП РФ № 1156) as DOCX.
 * - GET /api/appeals/{id}/dialog/ — the appeal's messages, oldest first, paged.
 * - POST /api/appeals/{id}/reply/ — a staff reply {text, files}; 201 with the message, pushed live
 *   on {@link appealDialogTopic}(id) to everyone who has the appeal open. `appeals:change`.
 * - GET /api/appeals/{id}/zip/ — one zip: appeal.html (the card), dialog.html (the dialog) and
 *   every attachment under files/. `appeals:view`.
 */
import { z } from 'zod';
import { AttachmentSchema } from '../common/attachments';
import { RefValueSchema } from '../common/fields';
import { IdSchema } from '../common/ids';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { entitySchema } from '../common/resource';
import { defineRoute } from '../common/route';
import { AppealCategory, CommercialAccounting, ContractRevisionStatus, ContractWasteAreaType } from '../enums/contracts-appeals';
import { Periodicity } from '../enums/waste-area';
import { PointInputSchema, PointSchema } from '../common/geo';
import { contractResource } from '../resources/contract';

const IdParams = z.object({ id: z.string() });

/** STOMP topic of one appeal's dialog: every new message (AppealMessage) is published there. */
export function appealDialogTopic(id: number | string): string {
  return `/topic/appeals.${id}.dialog`;
}
/** Prefix of the dialog topics (the broker asks `appeals:view` to subscribe). */
export const APPEAL_DIALOG_TOPIC_PREFIX = '/topic/appeals.';

export const ContractHistoryItemSchema = z.object({
  id: z.number().int(),
  revision: z.number().int(),
  revision_status: ContractRevisionStatus.schema,
  is_current: z.boolean(),
  created_at: z.string(),
  /** «DD.MM.YYYY HH:mm», with « — текущая версия» on the approved revision. */
  label: z.string(),
});
export type ContractHistoryItem = z.infer<typeof ContractHistoryItemSchema>;

export const ContractWasteAreaItemSchema = z.object({
  id: z.number().int(),
  waste_area: RefValueSchema,
  waste_area_type: ContractWasteAreaType.schema.nullable(),
  waste_area_location: z.string().nullable(),
  waste_area_coordinates: PointSchema.nullable(),
  periodicity: Periodicity.schema,
  periodicity_on_dates: z.array(z.string()),
  periodicity_on_weekdays: z.array(z.number().int()),
  /** The site's containers named by the contract (all of the site's when none is named). */
  containers: z.array(z.object({ id: z.number().int(), type: z.string(), volume: z.string() })),
  /** The customer's waste source the object serves (its normative under accounting by normative). */
  waste_source: RefValueSchema.nullable(),
  /** КГО, m³ per year. */
  kgo_volume_year: z.string().nullable(),
});
export type ContractWasteAreaItem = z.infer<typeof ContractWasteAreaItemSchema>;

/** One object of the contract's price: the contract waste area and its volumes (contract-price.ts). */
export const ContractObjectVolumeSchema = z.object({
  id: z.number().int(),
  waste_area: RefValueSchema,
  waste_source: RefValueSchema.nullable(),
  /** ТКО, m³ per year; null when unknown (reason). */
  tko_m3_year: z.string().nullable(),
  kgo_m3_year: z.string().nullable(),
  collections_per_year: z.string().nullable(),
  containers_m3: z.string().nullable(),
  reason: z.string().nullable(),
});
/**
 * The contract's volume and price (ПП РФ № 505, № 1156 типовая форма п. 5; contract-price.ts):
 * per object and in total, m³ per year; the single tariff in force on `date` (the revision's
 * effective date, else its signing date, else today); price per year and per month, руб.
 */
export const ContractPriceSchema = z.object({
  date: z.string(),
  commercial_accounting: CommercialAccounting.schema,
  objects: z.array(ContractObjectVolumeSchema),
  tko_m3_year: z.string().nullable(),
  kgo_m3_year: z.string(),
  volume_m3_year: z.string().nullable(),
  tariff: z.object({ id: z.number().int(), name: z.string(), cost: z.string(), unit: z.string(), start_date: z.string(), end_date: z.string().nullable() }).nullable(),
  price_year: z.string().nullable(),
  price_month: z.string().nullable(),
  reasons: z.array(z.string()),
});
export type ContractPriceAnswer = z.infer<typeof ContractPriceSchema>;

export const contractPriceRoute = defineRoute({
  method: 'GET', path: '/api/contracts/:id/price/', permission: 'contracts:view', tags: ['contracts'],
  summary: 'Договор: объёмы и цена', params: IdParams,
  description: 'Объём ТКО и КГО по каждому объекту (м³ в год, по способу коммерческого учёта ПП РФ № 505) и цена договора: единый тариф регионального оператора × объём, в год и в месяц.',
  response: { 200: ContractPriceSchema },
});

/**
 * The contract's life cycle (ПП РФ № 1156 п. 8(5)–8(17); apps/api modules/contracts/life-cycle.ts):
 * the dated steps, the draft's deadline (15 working days) and overdue flag, the date the published
 * offer concludes the contract (16th working day), and the steps' changes from the change history.
 */
export const ContractLifeCycleSchema = z.object({
  state: z.enum(['NONE', 'APPLICATION', 'DRAFT_SENT', 'OFFER_PUBLISHED', 'SIGNED', 'CONCLUDED_BY_OFFER']),
  state_label: z.string(),
  application_date: z.string().nullable(),
  draft_sent_date: z.string().nullable(),
  signing_date: z.string().nullable(),
  offer_published_date: z.string().nullable(),
  draft_deadline: z.string().nullable(),
  draft_overdue: z.boolean(),
  offer_concluded_date: z.string().nullable(),
  /** Each dated step as written, oldest first: who, when, which field, the new value. */
  history: z.array(z.object({ at: z.string(), user_name: z.string(), field: z.string(), label: z.string(), value: z.string().nullable() })),
});
export type ContractLifeCycleAnswer = z.infer<typeof ContractLifeCycleSchema>;

export const contractLifeCycleRoute = defineRoute({
  method: 'GET', path: '/api/contracts/:id/life-cycle/', permission: 'contracts:view', tags: ['contracts'],
  summary: 'Договор: заключение (ПП РФ № 1156)', params: IdParams,
  description: 'Этапы заключения договора с датами, срок направления проекта (15 рабочих дней со дня заявки) и признак просрочки, дата заключения на условиях публичной оферты.',
  response: { 200: ContractLifeCycleSchema },
});

export const contractRevisionRoute = defineRoute({
  method: 'POST', path: '/api/contracts/:id/revision/', permission: 'contracts:add', tags: ['contracts'],
  summary: 'Договор: новая редакция',
  description: 'Создаёт черновик новой редакции из текущей (утверждённой) редакции договора; 409 — нет утверждённой редакции или черновик уже есть.',
  params: IdParams, response: { 201: entitySchema(contractResource) },
});
export const contractHistoryRoute = defineRoute({
  method: 'GET', path: '/api/contracts/:id/history/', permission: 'contracts:view', tags: ['contracts'],
  summary: 'Договор: история редакций', params: IdParams,
  response: { 200: pageSchema(ContractHistoryItemSchema) },
});
export const contractWasteAreasRoute = defineRoute({
  method: 'GET', path: '/api/contracts/:id/waste-areas/', permission: 'contracts:view', tags: ['contracts'],
  summary: 'Договор: места накопления', params: IdParams, query: z.strictObject({ ...PageQuerySchema.shape }),
  response: { 200: pageSchema(ContractWasteAreaItemSchema) },
});
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const contractDocxRoute = defineRoute({
  method: 'GET', path: '/api/contracts/:id/docx/', permission: 'contracts:view', tags: ['contracts'],
  summary: 'Договор: печатная форма (DOCX, типовой договор ПП РФ № 1156)', params: IdParams, produces: DOCX,
});

export const AppealMessageSchema = z.object({
  id: z.number().int(),
  appeal_id: z.number().int(),
  /** The staff user who wrote it; null for the citizen's messages. */
  author: RefValueSchema.nullable(),
  author_name: z.string(),
  created_at: z.string(),
  text: z.string(),
  files: z.array(AttachmentSchema),
});
export type AppealMessage = z.infer<typeof AppealMessageSchema>;

export const AppealReplyBodySchema = z.strictObject({
  text: z.string().trim().min(1, 'Напишите текст ответа.').max(20000, 'Не более 20 000 символов.'),
  files: z.array(IdSchema).max(20, 'Не более 20 файлов.').optional(),
});
export type AppealReplyBody = z.infer<typeof AppealReplyBodySchema>;

export const appealDialogRoute = defineRoute({
  method: 'GET', path: '/api/appeals/:id/dialog/', permission: 'appeals:view', tags: ['appeals'],
  summary: 'Обращение: диалог', params: IdParams, query: z.strictObject({ ...PageQuerySchema.shape }),
  response: { 200: pageSchema(AppealMessageSchema) },
});
export const appealReplyRoute = defineRoute({
  method: 'POST', path: '/api/appeals/:id/reply/', permission: 'appeals:change', tags: ['appeals'],
  summary: 'Обращение: ответить в диалоге', params: IdParams, body: AppealReplyBodySchema,
  response: { 201: AppealMessageSchema },
});
export const appealZipRoute = defineRoute({
  method: 'GET', path: '/api/appeals/:id/zip/', permission: 'appeals:view', tags: ['appeals'],
  summary: 'Обращение: архив (карточка, диалог, вложения)', params: IdParams, produces: 'application/zip',
});

/**
 * The web pages of the author's side (docs/DECISIONS.md «The citizen's web pages»), signed-out
 * (apps/web src/appeals/): the dialog the
 * link e-mailed with each reply opens (`/public/appeal/?token=…`; the API's appeal-links.ts builds the
 * link from this path) and the public form to file an appeal (`/public/appeal/new/`, optionally
 * `?waste_area=<id>&location=<address>` from a site's popup on the public map).
 */
export const PUBLIC_APPEAL_WEB_PATH = '/public/appeal/';
export const PUBLIC_APPEAL_FORM_WEB_PATH = '/public/appeal/new/';

/**
 * The author's public view of an appeal, reached from the link e-mailed with each
 * reply (`PUBLIC_APPEAL_WEB_PATH?token=…`): no account. The link opens once (docs/DECISIONS.md
 * «Single-use appeal links»): the page exchanges it for a session bound to the appeal, which its
 * browser keeps and sends with each call until the session ends; the link's nonce is then spent,
 * and opening the same link in another browser is refused with the way to a new link by e-mail.
 * - POST /api/public/v1/appeals/session/ {token} — the link for a session `{session, appeal_id,
 *   expires_at}`; the same browser may open its link again (it sends its session along);
 * - GET /api/public/v1/appeals/dialog/?session=… — the appeal and its dialog, oldest first;
 * - POST /api/public/v1/appeals/dialog/answer/ {session, text} — the author's answer; 201, pushed live on
 *   the appeal's dialog topic; rate-limited per address and per appeal (MAIL_LIMIT_*);
 * - POST /api/public/v1/appeals/link/ {appeal, email} — a new link e-mailed to the appeal's address
 *   when `email` is that address; 202 with the same words either way (no one learns an address).
 * A bad, altered or expired link: 400 `{token: [«Ссылка недействительна или устарела…»]}`; a spent one:
 * 400 `{token: [«Ссылка уже открыта в другом браузере…»]}`; a bad or ended session: 400 on `session`.
 */
export const PublicAppealSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  category_label: z.string(),
  status: z.string(),
  status_label: z.string(),
  text: z.string(),
  location: z.string().nullable(),
  received_at: z.string().nullable(),
  deadline_at: z.string().nullable(),
});
export const PublicAppealDialogSchema = z.object({
  appeal: PublicAppealSchema,
  messages: z.array(AppealMessageSchema),
});
export type PublicAppealDialog = z.infer<typeof PublicAppealDialogSchema>;
const TokenSchema = z.string({ error: 'Нужна ссылка из письма.' }).min(10, 'Нужна ссылка из письма.').max(2000, 'Ссылка слишком длинная.');
const SessionSchema = z.string({ error: 'Откройте ссылку из письма ещё раз.' }).min(10, 'Откройте ссылку из письма ещё раз.').max(2000, 'Откройте ссылку из письма ещё раз.');
export const PublicAppealSessionSchema = z.object({ session: z.string(), appeal_id: z.number().int(), expires_at: z.string() });
export type PublicAppealSession = z.infer<typeof PublicAppealSessionSchema>;
export const PUBLIC_APPEAL_SESSION_PATH = '/api/public/v1/appeals/session/';
export const publicAppealSessionRoute = defineRoute({
  method: 'POST', path: PUBLIC_APPEAL_SESSION_PATH, permission: 'public', tags: ['appeals'],
  summary: 'Обращение по ссылке из письма: открыть ссылку (одноразовую) и получить сеанс',
  description: 'Ссылка открывается один раз: её одноразовый номер расходуется, браузер получает сеанс на 24 ч. Повторное открытие той же ссылки — только с сеансом этого браузера (session), иначе 400 с предложением запросить новую ссылку.',
  body: z.strictObject({ token: TokenSchema, session: SessionSchema.optional() }),
  response: { 200: PublicAppealSessionSchema },
});
export const PUBLIC_APPEAL_DIALOG_PATH = '/api/public/v1/appeals/dialog/';
export const publicAppealDialogRoute = defineRoute({
  method: 'GET', path: PUBLIC_APPEAL_DIALOG_PATH, permission: 'public', tags: ['appeals'],
  summary: 'Обращение по ссылке из письма: карточка и диалог', query: z.strictObject({ session: SessionSchema }),
  response: { 200: PublicAppealDialogSchema },
});
/** Its own path: the rate limits count by path, and reading the dialog must not spend them. */
export const PUBLIC_APPEAL_ANSWER_PATH = '/api/public/v1/appeals/dialog/answer/';
export const publicAppealAnswerRoute = defineRoute({
  method: 'POST', path: PUBLIC_APPEAL_ANSWER_PATH, permission: 'public', tags: ['appeals'],
  summary: 'Обращение по ссылке из письма: ответ заявителя',
  body: z.strictObject({ session: SessionSchema, text: z.string({ error: 'Напишите текст.' }).trim().min(1, 'Напишите текст.').max(20000, 'Не более 20 000 символов.') }),
  response: { 201: AppealMessageSchema },
});
export const PUBLIC_APPEAL_LINK_PATH = '/api/public/v1/appeals/link/';
export const publicAppealLinkRoute = defineRoute({
  method: 'POST', path: PUBLIC_APPEAL_LINK_PATH, permission: 'public', tags: ['appeals'],
  summary: 'Обращение: выслать новую ссылку на адрес электронной почты обращения',
  body: z.strictObject({
    appeal: z.coerce.number({ error: 'Укажите номер обращения.' }).int('Укажите номер обращения.').min(1, 'Укажите номер обращения.').max(2147483647, 'Укажите номер обращения.'),
    email: z.string({ error: 'Укажите адрес электронной почты.' }).trim().max(254).email('Укажите адрес электронной почты, например ivanov@mail.ru.'),
  }),
  response: { 202: z.object({ detail: z.string() }) },
});

/**
 * The public form to file an appeal (docs/DECISIONS.md «Public appeal form»), no account:
 * - GET /api/public/v1/appeals/form/ — a form token (signed issue time) for one filing;
 * - POST /api/public/v1/appeals/ — the appeal: category, the author, text, an address and/or a point
 *   or a site picked on the public map; 201 `{id, detail}`. Against scripts without third-party
 *   services (docs/DECISIONS.md «Public appeal form»): the token must be at least
 *   {@link PUBLIC_APPEAL_MIN_SECONDS} s and at most 2 h old, and the hidden field `website` (a
 *   honeypot people never see) must stay empty; limited per client address and per e-mail
 *   (MAIL_LIMIT_*). The new appeal is announced on the appeals' registry topic like any create.
 */
export const PUBLIC_APPEAL_MIN_SECONDS = 3;
export const PUBLIC_APPEAL_PATH = '/api/public/v1/appeals/';
export const publicAppealFormRoute = defineRoute({
  method: 'GET', path: '/api/public/v1/appeals/form/', permission: 'public', tags: ['appeals'],
  summary: 'Публичная форма обращения: токен формы',
  response: { 200: z.object({ token: z.string(), min_seconds: z.number().int() }) },
});
const text = (max: number) => z.string({ error: 'Обязательное поле.' }).trim().min(1, 'Обязательное поле.').max(max, `Не более ${max} символов.`);
export const PublicAppealBodySchema = z.strictObject({
  token: z.string({ error: 'Обновите страницу и отправьте форму ещё раз.' }).max(200),
  website: z.string().max(200).optional(),
  category: AppealCategory.schema,
  author_name: text(255),
  author_email: z.string().trim().max(254).email('Укажите адрес электронной почты, например ivanov@mail.ru.').optional().or(z.literal('').transform(() => undefined)),
  author_phone: z.string().trim().max(50).optional(),
  text: text(20000),
  location: z.string().trim().max(1000).optional(),
  coordinates: PointInputSchema.optional(),
  waste_area: IdSchema.optional(),
}).refine((b) => b.location || b.coordinates || b.waste_area, { message: 'Укажите адрес или выберите место на карте.', path: ['location'] });
export const PublicAppealCreatedSchema = z.object({ id: z.number().int(), detail: z.string() });
export const publicAppealCreateRoute = defineRoute({
  method: 'POST', path: PUBLIC_APPEAL_PATH, permission: 'public', tags: ['appeals'],
  summary: 'Публичная форма обращения: подать обращение', body: PublicAppealBodySchema,
  response: { 201: PublicAppealCreatedSchema },
});

/** Photos of a public filing: at most this many… */
export const PUBLIC_APPEAL_PHOTOS_MAX = 5;
/** …each at most this large (bytes; 10 МБ: a phone's full-size JPEG). */
export const PUBLIC_APPEAL_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The multipart field of the photos (repeated, one file each). */
export const PUBLIC_APPEAL_PHOTOS_FIELD = 'photos';
/**
 * The public form with photos (docs/DECISIONS.md «Photos on the public form»): the same filing as
 * {@link publicAppealCreateRoute},
 * as multipart/form-data — its fields as text parts (`coordinates` as JSON `{"lat":…,"lng":…}`,
 * `waste_area` as a number) and up to {@link PUBLIC_APPEAL_PHOTOS_MAX} files in `photos`, each an
 * image (JPEG, PNG, WebP: the attachments' image types, checked by their bytes) of at most
 * {@link PUBLIC_APPEAL_PHOTO_MAX_BYTES}. All or nothing: any bad field or photo refuses the whole
 * filing with 400 by field (`photos`, `photos.<n>`), nothing stored; a good one stores the photos
 * as the appeal's attachments (the dispatcher's card shows them). Same limits as the JSON form.
 */
export const PUBLIC_APPEAL_WITH_PHOTOS_PATH = '/api/public/v1/appeals/with-photos/';
export const publicAppealWithPhotosRoute = defineRoute({
  method: 'POST', path: PUBLIC_APPEAL_WITH_PHOTOS_PATH, permission: 'public', tags: ['appeals'],
  summary: 'Публичная форма обращения: подать обращение с фотографиями (multipart/form-data)',
  description: 'Поля — как у POST /api/public/v1/appeals/, текстовыми частями; фотографии — в части photos (до 5, JPEG/PNG/WebP, до 10 МБ каждая). Ошибка любого поля или фотографии — 400, ничего не сохраняется.',
  consumes: 'multipart/form-data', response: { 201: PublicAppealCreatedSchema },
});

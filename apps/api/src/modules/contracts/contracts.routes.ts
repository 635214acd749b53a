/**
 * The contracts' own calls (contract routes/contracts-appeals.ts; spec 03 §7 «Contracts», issue
 * 11 §3): new revision, history, the revision's waste areas, the printable DOCX. The registry's
 * list / card / create / update (also by POST) / delete / approve are the generic CRUD routes;
 * an approved revision is frozen there (WorkflowDef.frozen → 409), and the database trigger
 * `contract_archive_previous` moves the previously approved revision to ARCHIVED when another
 * one is approved (migration 20261125060000).
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { ContractLifeCycleAnswer, ContractPriceAnswer, ContractWasteAreaItem, UserScope } from '@tko/contract';
import {
  CONTRACT_MSG, contractDocxRoute, contractLifeCycleRoute, contractPrice, contractPriceRoute, contractHistoryRoute, contractResource, contractRevisionRoute, contractWasteAreasRoute, writableFields,
} from '@tko/contract';
import type { WritePipeline, Writer } from '@tko/db';
import { ConflictError, writerFor } from '@tko/db';
import { pageAnswer } from '../../crud/page-answer';
import { parseId } from '../../crud/paging';
import type { AuthGuards } from '../../plugins/auth';
import { notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { sendFile } from '../../http/file-reply';
import { apiModule } from '../module';
import { contractDocx, placeKeepers, ruDate } from './contract-docx';
import type { PlacementSchemeImage } from './contract-docx';
import { ContractsRepository } from './contracts.repository';
import { historyLabel } from './history-label';
import { lifeCycle } from './life-cycle';
import { roadsNote, SCHEME_RADIUS_M, schemePng } from './placement-scheme';

export interface ContractsDeps {
  pool: Pool;
  guards: AuthGuards;
  pipeline: WritePipeline;
  timeZone: string;
}

/** A revision's values as a create body: its writable fields, links as ids, child rows without ids. */
export function revisionCopy(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of writableFields(contractResource)) {
    if (k === 'revision_status') continue;
    const v = row[k];
    if (k === 'waste_areas') out[k] = (v as Record<string, unknown>[]).map(({ id: _id, ...rest }) => rest);
    else out[k] = v;
  }
  return out;
}

/** YYYY-MM-DD of `at` in the region's time zone. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The volumes and price of revision `row` (contract-price.ts), the tariff taken on the revision's
 * effective date, else its signing date, else today in the region (docs/DECISIONS.md «Contracts:
 * volume and price»).
 */
export async function priceOf(repo: ContractsRepository, row: Record<string, unknown>, timeZone: string): Promise<ContractPriceAnswer> {
  const date = (row.effective_date as string | null) ?? (row.signing_date as string | null) ?? localDate(new Date(), timeZone);
  const contractor = (row.contractor as { id: number } | null)?.id ?? null;
  const [objects, tariff] = await Promise.all([repo.priceObjects(Number(row.id)), repo.singleTariff(contractor, date)]);
  const accounting = String(row.commercial_accounting);
  const price = contractPrice(accounting, objects, tariff, ruDate(date));
  return {
    date,
    commercial_accounting: accounting as ContractPriceAnswer['commercial_accounting'],
    ...price,
    objects: objects.map((o, i) => ({ id: o.id, waste_area: o.waste_area, waste_source: o.waste_source, ...price.objects[i]! })),
  };
}

const LIFE_CYCLE_FIELDS = ['application_date', 'draft_sent_date', 'offer_published_date', 'signing_date'] as const;

/** The life cycle of revision `row` on `today` (life-cycle.ts) with its steps' changes from change_log. */
export async function lifeCycleOf(repo: ContractsRepository, row: Record<string, unknown>, today: string): Promise<ContractLifeCycleAnswer> {
  const date = (k: string) => (typeof row[k] === 'string' ? (row[k] as string) : null);
  const lc = lifeCycle({ application_date: date('application_date'), draft_sent_date: date('draft_sent_date'), signing_date: date('signing_date'), offer_published_date: date('offer_published_date') }, today);
  const history = (await repo.changes(Number(row.id))).flatMap((c) => LIFE_CYCLE_FIELDS
    .filter((f) => c.after && f in c.after && (c.after[f] ?? null) !== (c.before?.[f] ?? null))
    .map((f) => ({ at: c.at.toISOString(), user_name: c.user_name, field: f, label: contractResource.fields[f]!.label, value: (c.after![f] as string | null) ?? null })));
  return { ...lc, history };
}

/**
 * The annex's scheme of each waste area of a revision (placement-scheme.ts): the roads of the
 * loaded road graph within SCHEME_RADIUS_M drawn around the place; no picture without coordinates.
 */
export async function placementSchemes(repo: ContractsRepository, areas: ContractWasteAreaItem[]): Promise<Map<number, PlacementSchemeImage>> {
  const out = new Map<number, PlacementSchemeImage>();
  for (const a of areas) {
    const k = a.waste_area_coordinates;
    if (!k) {
      out.set(a.id, { png: null, note: 'Координаты места накопления не указаны: схема не построена.', roads: [] });
      continue;
    }
    const [lat, lng] = [Number(k.lat), Number(k.lng)];
    const roads = await repo.roadsNear(lat, lng, SCHEME_RADIUS_M);
    const names = roads.loaded ? [...new Set(roads.lines.map((l) => l.name).filter((n): n is string => !!n))] : [];
    out.set(a.id, { png: await schemePng(lat, lng, roads), note: roadsNote(roads), roads: names });
  }
  return out;
}

export function registerContractRoutes(app: FastifyInstance, deps: ContractsDeps): void {
  const repo = new ContractsRepository(deps.pool);
  const def = contractResource;
  const writer = (request: Parameters<AuthGuards['user']>[0]): Writer => writerFor(deps.guards.user(request));
  // A contract outside the user's row scope (its parties) is 404 here too, as its card.
  const existing = async (raw: string, scope: UserScope | null | undefined) => {
    const id = parseId(raw);
    const lineage = id === null ? null : await repo.lineageOf(id);
    if (id === null || lineage === null || !(await deps.pipeline.repo(def).visible(id, scope))) throw notFound();
    return { id, lineage };
  };

  registerRoute(app, contractRevisionRoute, async ({ params, request, reply, user }) => {
    const { lineage } = await existing(params.id, user.scope);
    const row = await deps.pipeline.run(async (unit) => {
      const revisions = await repo.revisions(lineage, unit.db, true);
      const draft = revisions.find((r) => r.revision_status === 'DRAFT');
      if (draft) throw new ConflictError(CONTRACT_MSG.draftExists(draft.revision));
      const current = revisions.find((r) => r.revision_status === 'APPROVED');
      if (!current) throw new ConflictError(CONTRACT_MSG.noCurrent);
      const source = await deps.pipeline.repo(def).get(current.id, {}, unit.db);
      if (!source) throw notFound();
      // The new row repeats the contract's number: the number check (migration 20261128171000) is told its lineage.
      await unit.db.query(`SELECT set_config('tko.contract_revision_of', $1, true)`, [String(lineage)]);
      const created = await unit.create(def, deps.pipeline.parseCreate(def, revisionCopy(source)), writer(request));
      await unit.db.query(`SELECT set_config('tko.contract_revision_of', '', true)`);
      const revision = Math.max(...revisions.map((r) => r.revision)) + 1;
      await repo.attach(Number(created.id), lineage, revision, unit.db);
      return { ...created, revision };
    });
    return reply.status(201).send(row as never);
  }, deps);

  registerRoute(app, contractHistoryRoute, async ({ params, user }) => {
    const { lineage } = await existing(params.id, user.scope);
    const results = (await repo.revisions(lineage)).map((r) => ({
      id: r.id,
      revision: r.revision,
      revision_status: r.revision_status,
      is_current: r.revision_status === 'APPROVED',
      created_at: r.created_at.toISOString(),
      label: historyLabel(r.created_at, r.revision_status === 'APPROVED', deps.timeZone),
    }));
    return { count: results.length, next: null, previous: null, results };
  }, deps);

  registerRoute(app, contractWasteAreasRoute, async ({ params, query, request, user }) => {
    const { id } = await existing(params.id, user.scope);
    return pageAnswer(request, query, (paging) => repo.wasteAreas(id, paging));
  }, deps);

  registerRoute(app, contractPriceRoute, async ({ params, user }) => {
    const { id } = await existing(params.id, user.scope);
    const row = await deps.pipeline.repo(def).get(id, {});
    if (!row) throw notFound();
    return priceOf(repo, row, deps.timeZone);
  }, deps);

  registerRoute(app, contractLifeCycleRoute, async ({ params, user }) => {
    const { id } = await existing(params.id, user.scope);
    const row = await deps.pipeline.repo(def).get(id, {});
    if (!row) throw notFound();
    return lifeCycleOf(repo, row, localDate(new Date(), deps.timeZone));
  }, deps);

  registerRoute(app, contractDocxRoute, async ({ params, reply, user }) => {
    const { id } = await existing(params.id, user.scope);
    const row = await deps.pipeline.repo(def).get(id, {});
    if (!row) throw notFound();
    const areas = await repo.wasteAreas(id, { limit: 10000, offset: 0 });
    const refId = (k: string) => (row[k] as { id: number } | null)?.id ?? null;
    const ids = { customer: refId('customer'), contractor: refId('contractor') };
    const details = await repo.partyDetails([ids.customer, ids.contractor].filter((x): x is number => x !== null));
    const parties = {
      ...(ids.customer !== null && details.has(ids.customer) ? { customer: details.get(ids.customer)! } : {}),
      ...(ids.contractor !== null && details.has(ids.contractor) ? { contractor: details.get(ids.contractor)! } : {}),
    };
    const keepers = placeKeepers(await repo.placeOwners(id));
    const bytes = await contractDocx(row, areas.rows, await priceOf(repo, row, deps.timeZone), parties, await placementSchemes(repo, areas.rows), keepers);
    const name = `Договор ${String(row.number)} ред. ${String(row.revision)}.docx`;
    return sendFile(reply, { name, asciiName: `contract-${id}.docx`, body: bytes });
  }, deps);
}

export const contractsModule = apiModule('contracts', (app, d) => registerContractRoutes(app, {
  pool: d.pool, guards: d.guards, pipeline: d.pipeline, timeZone: d.config.regionTimeZone,
}));

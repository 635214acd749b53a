/**
 * Users on the wire (contract routes/users.ts) through raw SQL on `app_user` and its bindings:
 * `user_role`, `user_organization` (legal entities), `user_administrative_unit` (ОКТМО units).
 * The password hash is never selected. Every write runs in one transaction and records a
 * `change_log` row (resource `users`), so the system log shows who changed whom.
 * Ids of roles, organisations and units that do not exist are 400 on their field.
 */
import type { Pool, PoolClient } from 'pg';
import type { User, UserListQuery, UserWrite } from '@tko/contract';
import { DEFAULT_PAGE_SIZE, MSG } from '@tko/contract';
import { FieldValidationError as ValidationError, Params, writeChangeLog, writerNameSql } from '@tko/db';
import { keptRightsOf, refuseSelfLockout } from './self-lockout';
import { uniqueViolationAs } from './unique-violation';

const EMAIL_TAKEN = 'Пользователь с таким адресом электронной почты уже существует.';
/** A concurrent create/update that reached app_user_email_key first: the same 400 as emailTaken. */
const UNIQUE = { app_user_email_key: { field: 'email', message: EMAIL_TAKEN } };

const SELECT = `SELECT u.id, u.email, u.last_name, u.first_name, u.middle_name, u.email_verified, u.is_active, u.is_declarant,
  u.user_report_processing_type, u.last_login_at, u.created_at,
  coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]') AS roles,
  coalesce((SELECT json_agg(json_build_object('id', a.id, 'name', a.name) ORDER BY a.name) FROM user_administrative_unit ua JOIN administrative_unit a ON a.id = ua.administrative_unit_id WHERE ua.user_id = u.id), '[]') AS municipal_formations,
  coalesce((SELECT json_agg(json_build_object('id', e.id, 'name', e.name) ORDER BY e.name) FROM user_organization uo JOIN legal_entity e ON e.id = uo.legal_entity_id WHERE uo.user_id = u.id), '[]') AS organizations,
  CASE WHEN u.organization_request_inn IS NULL THEN NULL ELSE json_build_object('inn', u.organization_request_inn, 'name', coalesce(u.organization_request_name, ''),
    'legal_entity', (SELECT json_build_object('id', e.id, 'name', e.name) FROM legal_entity e WHERE e.inn = u.organization_request_inn AND e.kind = 'JURIDICAL_PERSON' ORDER BY e.id LIMIT 1)) END AS organization_request
  FROM app_user u`;

interface Row extends Omit<User, 'last_login_at' | 'created_at'> {
  last_login_at: Date | null;
  created_at: Date;
}
const toUser = (r: Row): User => ({ ...r, last_login_at: r.last_login_at?.toISOString() ?? null, created_at: r.created_at.toISOString() });

const ORDER: Record<string, string> = {
  email: 'u.email', last_name: 'u.last_name, u.first_name', created_at: 'u.created_at', last_login_at: 'u.last_login_at',
};

/** Who makes a change, for the history. */
export interface Actor {
  id: number;
  name: string;
}

export class UsersRepository {
  constructor(private readonly pool: Pool) {}

  private where(q: UserListQuery, p: Params): string {
    const w: string[] = [];
    if (q.search) {
      const s = p.add(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      w.push(`(u.email ILIKE ${s} OR (u.last_name || ' ' || u.first_name || ' ' || u.middle_name) ILIKE ${s})`);
    }
    if (q.is_declarant !== undefined) w.push(`u.is_declarant = ${p.add(q.is_declarant)}`);
    if (q.is_active !== undefined) w.push(`u.is_active = ${p.add(q.is_active)}`);
    if (q.organization_request !== undefined) w.push(q.organization_request ? 'u.organization_request_inn IS NOT NULL' : 'u.organization_request_inn IS NULL');
    if (q.role !== undefined) w.push(`EXISTS (SELECT 1 FROM user_role ur WHERE ur.user_id = u.id AND ur.role_id = ${p.add(q.role)})`);
    return w.length ? `WHERE ${w.join(' AND ')}` : '';
  }

  private orderBy(q: UserListQuery): string {
    const o = q.ordering ?? 'last_name';
    const desc = o.startsWith('-');
    const cols = ORDER[desc ? o.slice(1) : o]!.split(', ');
    return `ORDER BY ${cols.map((c) => `${c} ${desc ? 'DESC' : 'ASC'} NULLS LAST`).join(', ')}, u.id`;
  }

  /** One page of users and the exact count (the table is small: staff and declarants). */
  async list(q: UserListQuery): Promise<{ count: number; rows: User[] }> {
    const p = new Params();
    const where = this.where(q, p);
    const size = q.page_size ?? DEFAULT_PAGE_SIZE;
    const countValues = [...p.values];
    const [rows, count] = await Promise.all([
      this.pool.query<Row>(`${SELECT} ${where} ${this.orderBy(q)} LIMIT ${p.add(size)} OFFSET ${p.add(((q.page ?? 1) - 1) * size)}`, p.values),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_user u ${where}`, countValues),
    ]);
    return { count: count.rows[0]!.n, rows: rows.rows.map(toUser) };
  }

  /** Every user matching `q` (the xlsx export), in the list's order. */
  async all(q: UserListQuery): Promise<User[]> {
    const p = new Params();
    const where = this.where(q, p);
    const { rows } = await this.pool.query<Row>(`${SELECT} ${where} ${this.orderBy(q)}`, p.values);
    return rows.map(toUser);
  }

  async get(id: number, db: Pool | PoolClient = this.pool): Promise<User | null> {
    const { rows } = await db.query<Row>(`${SELECT} WHERE u.id = $1`, [id]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  /** The active user with this e-mail (lower-cased), or null. */
  async byEmail(email: string): Promise<{ id: number; name: string; email_verified: boolean } | null> {
    const { rows } = await this.pool.query<{ id: number; name: string; email_verified: boolean }>(
      `SELECT id, ${writerNameSql('u')} AS name, email_verified FROM app_user u WHERE email = $1 AND is_active`, [email.trim().toLowerCase()],
    );
    return rows[0] ?? null;
  }

  /** Runs `fn` in one transaction; a unique violation on the e-mail is a 400 on `email`. */
  async tx<T>(fn: (db: PoolClient) => Promise<T>): Promise<T> {
    const db = await this.pool.connect();
    try {
      await db.query('BEGIN');
      const out = await fn(db);
      await db.query('COMMIT');
      return out;
    } catch (e) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw uniqueViolationAs(UNIQUE, e);
    } finally {
      db.release();
    }
  }

  /** 400 on each list field naming ids that do not exist. */
  private async checkRefs(db: PoolClient, body: UserWrite): Promise<void> {
    const errors: Record<string, string[]> = {};
    const check = async (field: 'roles' | 'municipal_formations' | 'organizations', table: string) => {
      const ids = [...new Set(body[field])];
      if (!ids.length) return;
      const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [ids]);
      const found = new Set(rows.map((r) => r.id));
      const missing = ids.find((i) => !found.has(i));
      if (missing !== undefined) errors[field] = [MSG.pkNotFound(missing)];
    };
    await check('roles', 'role');
    await check('municipal_formations', 'administrative_unit');
    await check('organizations', 'legal_entity');
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  private async emailTaken(db: PoolClient, email: string, except?: number): Promise<void> {
    const { rowCount } = await db.query('SELECT 1 FROM app_user WHERE email = $1 AND id <> $2', [email, except ?? 0]);
    if (rowCount) throw new ValidationError({ email: [EMAIL_TAKEN] });
  }

  private async setBindings(db: PoolClient, id: number, body: UserWrite): Promise<void> {
    await db.query('DELETE FROM user_role WHERE user_id = $1', [id]);
    await db.query('INSERT INTO user_role (user_id, role_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [id, body.roles]);
    await db.query('DELETE FROM user_administrative_unit WHERE user_id = $1', [id]);
    await db.query('INSERT INTO user_administrative_unit (user_id, administrative_unit_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [id, body.municipal_formations]);
    await db.query('DELETE FROM user_organization WHERE user_id = $1', [id]);
    await db.query('INSERT INTO user_organization (user_id, legal_entity_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [id, body.organizations]);
  }

  private history(db: PoolClient, actor: Actor | null, id: number, action: 'create' | 'update' | 'delete', before: User | null, after: User | null) {
    const strip = (u: User | null) => (u ? { ...u, last_login_at: undefined, created_at: undefined } : null);
    return writeChangeLog(db, { resource: 'users', objectId: id, action, userId: actor?.id ?? null, userName: actor?.name ?? '', before: strip(before), after: strip(after) });
  }

  /**
   * A new user without a usable password (the hash `!` matches nothing): they set it through the
   * registration link. `extra`: the declarant's organisation request (registration).
   */
  async create(body: UserWrite, actor: Actor | null, extra: { inn?: string; organizationName?: string } = {}): Promise<User> {
    return this.tx(async (db) => {
      await this.emailTaken(db, body.email);
      await this.checkRefs(db, body);
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO app_user (email, password_hash, last_name, first_name, middle_name, is_declarant, user_report_processing_type, organization_request_inn, organization_request_name)
         VALUES ($1, '!', $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [body.email, body.last_name, body.first_name, body.middle_name, body.is_declarant, body.user_report_processing_type, extra.inn ?? null, extra.organizationName ?? null],
      );
      const id = rows[0]!.id;
      await this.setBindings(db, id, body);
      const user = (await this.get(id, db))!;
      await this.history(db, actor, id, 'create', null, user);
      return user;
    });
  }

  /** Replaces the card; null when the user does not exist. A changed e-mail must be verified again. */
  async update(id: number, body: UserWrite, actor: Actor): Promise<User | null> {
    return this.tx(async (db) => {
      const before = await this.get(id, db);
      if (!before) return null;
      await this.emailTaken(db, body.email, id);
      await this.checkRefs(db, body);
      const kept = id === actor.id ? await keptRightsOf(db, id) : new Set<string>();
      await db.query(
        `UPDATE app_user SET email = $2, last_name = $3, first_name = $4, middle_name = $5, is_declarant = $6, user_report_processing_type = $7,
           is_active = coalesce($8, is_active), email_verified = email_verified AND email = $2, updated_at = now() WHERE id = $1`,
        [id, body.email, body.last_name, body.first_name, body.middle_name, body.is_declarant, body.user_report_processing_type, body.is_active ?? null],
      );
      await this.setBindings(db, id, body);
      await refuseSelfLockout(db, id, kept, 'roles');
      const after = (await this.get(id, db))!;
      await this.history(db, actor, id, 'update', before, after);
      return after;
    });
  }

  /**
   * Deactivates (the row, bindings and history stay): the trigger app_user_end_sessions moves the
   * token version on and revokes every refresh token. False when the user does not exist.
   */
  async deactivate(id: number, actor: Actor): Promise<boolean> {
    return this.tx(async (db) => {
      const before = await this.get(id, db);
      if (!before) return false;
      if (!before.is_active) return true;
      await db.query('UPDATE app_user SET is_active = false, updated_at = now() WHERE id = $1', [id]);
      await this.history(db, actor, id, 'update', before, { ...before, is_active: false });
      return true;
    });
  }

  /**
   * Binds a declarant to the organisation of their request (the legal entity with that ИНН),
   * gives them the role «Декларант» and clears the request. Null when the user does not exist;
   * 400 without a request or when no legal entity has the ИНН.
   */
  async approveOrganization(id: number, actor: Actor): Promise<User | null> {
    return this.tx(async (db) => {
      const before = await this.get(id, db);
      if (!before) return null;
      const req = before.organization_request;
      if (!req) throw new ValidationError({ non_field_errors: ['У пользователя нет заявки на привязку к организации.'] });
      if (!req.legal_entity) {
        throw new ValidationError({ non_field_errors: [`Организация с ИНН ${req.inn} не найдена в реестре юридических лиц: сначала добавьте её.`] });
      }
      await db.query('INSERT INTO user_organization (user_id, legal_entity_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, req.legal_entity.id]);
      await db.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = 'Декларант' ON CONFLICT DO NOTHING`, [id]);
      await db.query('UPDATE app_user SET organization_request_inn = NULL, organization_request_name = NULL, is_declarant = true, updated_at = now() WHERE id = $1', [id]);
      const after = (await this.get(id, db))!;
      await this.history(db, actor, id, 'update', before, after);
      return after;
    });
  }
}

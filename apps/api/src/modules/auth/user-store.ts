/**
 * Users, their roles and permissions, read through Prisma Client (packages/db).
 * `me()` builds the permission map of spec 01 §6: resource → {view, add, change, delete, export}.
 */
import type { Me, PermissionAction, UserScope } from '@tko/contract';

/**
 * The signed-in user: the wire `Me` plus the bindings of their row scope and their token
 * version (app_user.token_version: a token issued at another version is refused), never sent.
 */
export type AuthUser = Me & { scope: UserScope; tokenVersion: number };
import { PERMISSION_ACTIONS } from '@tko/contract';
import type { PrismaClient } from '@tko/db/generated';
import argon2 from 'argon2';

export interface UserStore {
  /** The active user with their permission map and row scope, or null. */
  me(userId: number): Promise<AuthUser | null>;
  /** The active user whose argon2 hash matches `password`, or null. Records the sign-in time. */
  authenticate(email: string, password: string): Promise<{ id: number } | null>;
  /**
   * Drops the cached permission map of `userId`, or of every user: a role, binding or account
   * edit takes effect on the user's next request to this process (other API processes notice
   * within {@link ME_CACHE_MS}).
   */
  forget(userId?: number): void;
}

/**
 * A hash to verify against when no real hash can be: an unknown or deactivated e-mail, a user
 * who has not set a password yet (hash `!`, which argon2 refuses at once) or a hash argon2 cannot
 * read. Every failed sign-in then costs one argon2id verify with the product's parameters
 * (password-policy.ts hashes with argon2's defaults), so the answer time does not tell which
 * accounts exist or have a password (OWASP Authentication Cheat Sheet, "Authentication Responses").
 * Made once per process, on the first sign-in.
 */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= argon2.hash(`dummy-${Math.random()}`, { type: argon2.argon2id }));

/** True for a hash argon2 can verify (PHC string `$argon2…$`); `!` marks «no password yet». */
const isArgon2Hash = (hash: string) => hash.startsWith('$argon2');

/** How long a user's permission map is reused, ms: a role change takes effect within this time. */
export const ME_CACHE_MS = 2000;

export class PrismaUserStore implements UserStore {
  private readonly cache = new Map<number, { at: number; me: Promise<AuthUser | null> }>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly cacheMs = ME_CACHE_MS,
  ) {
    // Made now, so the first failed sign-in costs what the others do.
    dummy().catch(() => (dummyHash = undefined));
  }

  /**
   * The user with their permission map. Every request needs it, and loading it takes four
   * queries (bench/RESULTS.md): it is reused for {@link ME_CACHE_MS} per user.
   */
  async me(userId: number): Promise<AuthUser | null> {
    const now = Date.now();
    const hit = this.cache.get(userId);
    if (hit && now - hit.at < this.cacheMs) return hit.me;
    const me = this.load(userId);
    this.cache.set(userId, { at: now, me });
    if (this.cache.size > 10000) this.cache.clear();
    me.catch(() => this.cache.delete(userId));
    return me;
  }

  forget(userId?: number): void {
    if (userId === undefined) this.cache.clear();
    else this.cache.delete(userId);
  }

  private async load(userId: number): Promise<AuthUser | null> {
    const user = await this.prisma.appUser.findFirst({
      where: { id: userId, isActive: true },
      include: {
        roles: { include: { role: { include: { permissions: true } } } },
        organizations: { select: { legalEntityId: true } },
        administrativeUnits: { select: { administrativeUnit: { select: { code: true } } } },
      },
    });
    if (!user) return null;
    const permissions: Me['permissions'] = {};
    for (const ur of user.roles) {
      for (const p of ur.role.permissions) {
        const flags = (permissions[p.resource] ??= Object.fromEntries(PERMISSION_ACTIONS.map((a) => [a, false])) as Me['permissions'][string]);
        if ((PERMISSION_ACTIONS as readonly string[]).includes(p.action)) flags[p.action as PermissionAction] = true;
      }
    }
    // The bindings the row scope reads (contract common/row-scope.ts); a unit without a code binds
    // nothing. A declarant is restricted even without a binding (no organisation: no scoped rows).
    const scope: UserScope = {
      organizations: user.organizations.map((o) => o.legalEntityId),
      oktmo: user.administrativeUnits.map((u) => u.administrativeUnit.code).filter((c): c is string => Boolean(c)),
      ...(user.isDeclarant ? { declarant: true } : {}),
    };
    return { id: user.id, first_name: user.firstName, last_name: user.lastName, email: user.email, permissions, scope, tokenVersion: user.tokenVersion };
  }

  async authenticate(email: string, password: string): Promise<{ id: number } | null> {
    const user = await this.prisma.appUser.findUnique({ where: { email: email.trim().toLowerCase() } });
    const hash = user?.isActive && isArgon2Hash(user.passwordHash) ? user.passwordHash : await dummy();
    const ok = await argon2.verify(hash, password).catch(() => false);
    if (!ok || !user || hash !== user.passwordHash) return null;
    await this.prisma.appUser.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
    return { id: user.id };
  }
}

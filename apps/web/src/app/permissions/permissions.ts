/**
 * Permission checks of the interface (spec 01 §6): an element is shown when the user holds at
 * least one of its `resource:action` flags. A section with tabs opens on any tab the visitor may
 * read — signed-in users by `view` on the tab's registry, anonymous visitors where the registry
 * has a public variant (spec 02 §6) — moving to the first such tab when the requested one is not.
 */
import { hasAnyPermission, type Me } from '@tko/contract';

export type Permissions = Me['permissions'] | undefined;
export { hasAnyPermission };

/** A tab as the checks see it: its path segment and its registry (permission resource). */
export interface TabLike {
  slug: string;
  resource: string;
}

/** Who is looking: a signed-in user with permissions, or an anonymous visitor (perms ignored). */
export interface Visitor {
  signedIn: boolean;
  perms: Permissions;
}

/** `a:view b:view`: the entry permission of a section (view on any of its tabs' registries). */
export function sectionPermission(tabs: readonly TabLike[]): string {
  return [...new Set(tabs.map((t) => `${t.resource}:view`))].join(' ');
}

/** The tabs the visitor may read, in tab order. `isPublic` says which have a public variant. */
export function readableTabs<T extends TabLike>(tabs: readonly T[], visitor: Visitor, isPublic: (tab: T) => boolean): T[] {
  return tabs.filter((t) => (visitor.signedIn ? hasAnyPermission(visitor.perms, `${t.resource}:view`) : isPublic(t)));
}

export type TabAccess<T> =
  | { kind: 'allowed'; tab: T; tabs: T[] }
  | { kind: 'redirect'; tab: T }
  /** Signed in without view on any tab. */
  | { kind: 'denied' }
  /** Anonymous, and no tab has a public variant: sign-in needed. */
  | { kind: 'signin' };

/** Whether the requested tab opens, moves to the first readable one, or is refused. */
export function resolveTab<T extends TabLike>(tabs: readonly T[], requested: string | undefined, visitor: Visitor, isPublic: (tab: T) => boolean): TabAccess<T> {
  const readable = readableTabs(tabs, visitor, isPublic);
  if (readable.length === 0) return visitor.signedIn ? { kind: 'denied' } : { kind: 'signin' };
  const tab = readable.find((t) => t.slug === (requested ?? ''));
  if (tab && requested !== undefined) return { kind: 'allowed', tab, tabs: readable };
  return { kind: 'redirect', tab: readable[0]! };
}

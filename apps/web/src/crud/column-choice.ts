/**
 * Which columns a list shows: the registry's key columns (contract `keyColumnsOf`) until the user
 * chooses others in the column chooser; the choice is remembered per user and registry in this
 * browser's localStorage (`tko.columns.<user id>.<registry>`) — the product keeps no per-user
 * settings on the server (docs/DECISIONS.md «List columns»).
 */
import { columnFields, keyColumnsOf, type ResourceDef } from '@tko/contract';
import { useCallback, useState } from 'react';
import { useSession } from '../app/session/use-session';

/**
 * The shown columns in their order: the key columns first (in their declared order), then the
 * other chosen columns in field order. `chosen` null (no choice stored) gives the key columns;
 * names the registry does not offer are dropped.
 */
export function shownColumns(def: ResourceDef, chosen: readonly string[] | null, opts: { publicOnly?: boolean } = {}): string[] {
  const keys = keyColumnsOf(def, opts);
  if (!chosen) return keys;
  const set = new Set(chosen);
  const rest = columnFields(def, opts).filter((k) => !keys.includes(k));
  return [...keys, ...rest].filter((k) => set.has(k));
}

/** The stored choice read back: a list of strings, else null (nothing stored, or unreadable). */
export function parseChoice(raw: string | null): string[] | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
  } catch {
    return null;
  }
}

const storageKey = (userId: number, registry: string) => `tko.columns.${userId}.${registry}`;

function readChoice(key: string | null): string[] | null {
  if (!key) return null;
  try {
    return parseChoice(localStorage.getItem(key));
  } catch {
    return null;
  }
}

/**
 * The list's shown columns and a setter that remembers the choice (null: back to the key
 * columns). Anonymous visitors choose for this page view only.
 */
export function useShownColumns(def: ResourceDef, anonymous: boolean): [string[], (chosen: string[] | null) => void] {
  const userId = useSession().me?.id;
  const key = !anonymous && userId !== undefined ? storageKey(userId, def.name) : null;
  const [state, setState] = useState<{ key: string | null; chosen: string[] | null }>(() => ({ key, chosen: readChoice(key) }));
  // Another user or registry in the same component: read its own choice.
  const current = state.key === key ? state : { key, chosen: readChoice(key) };
  if (current !== state) setState(current);
  const set = useCallback(
    (chosen: string[] | null) => {
      setState({ key, chosen });
      if (!key) return;
      try {
        if (chosen) localStorage.setItem(key, JSON.stringify(chosen));
        else localStorage.removeItem(key);
      } catch {
        /* storage unavailable: the choice holds for this page view */
      }
    },
    [key],
  );
  return [shownColumns(def, current.chosen, { publicOnly: anonymous }), set];
}

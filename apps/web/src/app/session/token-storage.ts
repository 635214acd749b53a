/**
 * Everything the session keeps in localStorage (spec 01 §4): the token pair and the last known
 * profile. All keys share one prefix, so sign-out can remove every stored auth datum at once.
 */
import type { Me } from '@tko/contract';

export const AUTH_KEY_PREFIX = 'tko.auth.';
const ACCESS = `${AUTH_KEY_PREFIX}access`;
const REFRESH = `${AUTH_KEY_PREFIX}refresh`;
const PROFILE = `${AUTH_KEY_PREFIX}me`;

/** The subset of the Web Storage API the session needs (localStorage, or a map in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface StoredAuth {
  access: string | null;
  refresh: string | null;
  me: Me | null;
}

export class TokenStorage {
  constructor(private readonly storage: KeyValueStorage) {}

  read(): StoredAuth {
    return {
      access: this.storage.getItem(ACCESS),
      refresh: this.storage.getItem(REFRESH),
      me: this.readProfile(),
    };
  }

  writeTokens(access: string, refresh?: string): void {
    this.storage.setItem(ACCESS, access);
    if (refresh !== undefined) this.storage.setItem(REFRESH, refresh);
  }

  writeProfile(me: Me): void {
    this.storage.setItem(PROFILE, JSON.stringify(me));
  }

  /** Removes every key under the auth prefix. */
  clear(): void {
    const keys: string[] = [];
    for (let i = 0; i < this.storage.length; i += 1) {
      const k = this.storage.key(i);
      if (k?.startsWith(AUTH_KEY_PREFIX)) keys.push(k);
    }
    for (const k of keys) this.storage.removeItem(k);
  }

  private readProfile(): Me | null {
    const raw = this.storage.getItem(PROFILE);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as Me;
    } catch {
      return null;
    }
  }
}

/** An in-memory storage for tests and for browsers where localStorage is unavailable. */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

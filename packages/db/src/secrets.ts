/**
 * Write-only secrets of the registries (contract `f.secret`, issue 22: a vehicle's tracker
 * password): hashed before they are stored (argon2id PHC string, the same library and parameters
 * as the users' passwords: apps/api password-policy.ts, argon2's defaults), never read back — the
 * card reads only whether one is set. The Wialon receiver (apps/tracker) verifies a login's
 * password against the stored hash with {@link verifySecret}.
 */
import type { ResourceDef } from '@tko/contract';
import argon2 from 'argon2';

/** argon2id PHC string of a secret. */
export function hashSecret(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
}

/** Whether `plain` matches the stored `hash`; false for a hash argon2 cannot read (never throws). */
export function verifySecret(hash: string, plain: string): Promise<boolean> {
  if (!hash.startsWith('$argon2')) return Promise.resolve(false);
  return argon2.verify(hash, plain).catch(() => false);
}

/**
 * The values with every `secret` field given as text replaced by its hash (null clears it, a
 * field left out stays as it is). Run by the write pipeline before anything is stored.
 */
export async function hashSecretFields<V extends Record<string, unknown>>(def: ResourceDef, values: V): Promise<V> {
  let out = values;
  for (const [k, fd] of Object.entries(def.fields)) {
    if (fd.kind !== 'secret' || typeof values[k] !== 'string') continue;
    out = { ...out, [k]: await hashSecret(values[k] as string) };
  }
  return out;
}

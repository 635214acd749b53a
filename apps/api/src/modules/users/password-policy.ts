/**
 * Password rules (issue 14 §3; NIST SP 800-63B §5.1.1.2): at least PASSWORD_MIN_LENGTH (8)
 * characters, at most PASSWORD_MAX_LENGTH (128), and not one of the common passwords of the
 * maintained list of @zxcvbn-ts/language-common (49 233 passwords, most common first; compared
 * case-insensitively). Hashing stays argon2id (argon2's default type).
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@tko/contract';

let common: Set<string> | undefined;

/** The common-password list as a set (built once, ~50 000 entries). */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/** The Russian reason `password` is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.short;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.long;
  if (commonPasswords().has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  return null;
}

/** argon2id hash (PHC string) of an accepted password. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

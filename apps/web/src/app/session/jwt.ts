/** Reading our JWTs on the client: only the payload is decoded, the signature is the server's job. */

/** Decodes a base64url string to text (UTF-8). */
function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, or null when the text is not a JWT. */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Expiry of a JWT in epoch milliseconds (`exp` is in seconds), or null when unknown. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** Issue time of a JWT in epoch milliseconds (`iat` is in seconds), or null when unknown. */
export function tokenIssuedAt(token: string | null | undefined): number | null {
  const iat = decodeJwtPayload(token)?.iat;
  return typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 : null;
}

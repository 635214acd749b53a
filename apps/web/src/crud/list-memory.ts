/** The last list options per list path (this tab only), so "back to the list" keeps the filters. */

const key = (path: string) => `tko.list.${path}`;

export function rememberListHash(path: string, hash: string): void {
  try {
    sessionStorage.setItem(key(path), hash);
  } catch {
    /* storage unavailable: nothing to remember */
  }
}

/** The list path with its remembered hash, if any. */
export function listHref(path: string): string {
  try {
    const hash = sessionStorage.getItem(key(path));
    return hash ? `${path}${hash.startsWith('#') ? hash : `#${hash}`}` : path;
  } catch {
    return path;
  }
}

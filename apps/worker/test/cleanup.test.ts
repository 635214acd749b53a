/** Expired export files are removed; fresh ones and folders stay. */
import { mkdirSync, mkdtempSync, existsSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeOldExports } from '../src/cleanup';

describe('removeOldExports', () => {
  it('removes files older than the TTL only', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tko-clean-'));
    const old = path.join(dir, 'old.xlsx');
    const fresh = path.join(dir, 'fresh.xlsx');
    writeFileSync(old, 'x');
    writeFileSync(fresh, 'y');
    mkdirSync(path.join(dir, 'sub'));
    const twoDaysAgo = (Date.now() - 2 * 86400 * 1000) / 1000;
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    expect(await removeOldExports(dir, 86400)).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(path.join(dir, 'sub'))).toBe(true);
  });

  it('returns 0 for a folder that does not exist yet', async () => {
    expect(await removeOldExports('/nonexistent/tko-exports', 1)).toBe(0);
  });
});

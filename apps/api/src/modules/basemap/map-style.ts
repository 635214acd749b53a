/**
 * Which base map the web's maps draw on (docs/REGION.md «Подложка карты»), in this order:
 * 1. MAP_STYLE_URL of the installation's configuration (`external`);
 * 2. the region's own base map, once a region load made BASEMAP_DIR/basemap.mbtiles (`region`,
 *    /api/basemap/style.json);
 * 3. the external style an administrator set in the system settings, `map_style_url` (`external`);
 * 4. none (null): the built-in plain background, and every map says so.
 * The setting's value is also remembered for the Content-Security-Policy of the pages (its origin
 * is allowed like MAP_STYLE_URL's): {@link MapStyleSource.refresh} re-reads it at most every
 * {@link SETTING_TTL_MS}, and a PUT of the settings re-reads it at once.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { BASEMAP_STYLE_PATH } from '@tko/contract';
import { BASEMAP_FILE } from './mbtiles';

/** How long the remembered setting serves the CSP before the next request re-reads it, ms. */
export const SETTING_TTL_MS = 10_000;

export interface MapStyleChoice {
  url: string | null;
  source: 'external' | 'region' | 'none';
}

export class MapStyleSource {
  private setting: string | null = null;
  private readAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly pool: Pool, private readonly envUrl: string | null, private readonly basemapDir: string | undefined) {}

  /** Reads `system_settings.map_style_url` now (null without the row) and remembers it. */
  async settingUrl(): Promise<string | null> {
    const { rows } = await this.pool.query<{ url: string | null }>('SELECT map_style_url AS url FROM system_settings WHERE id = 1');
    this.setting = rows[0]?.url ?? null;
    this.readAt = Date.now();
    return this.setting;
  }

  /** Re-reads the setting when the remembered one is older than {@link SETTING_TTL_MS}; a failed read keeps the old one. */
  async refresh(): Promise<void> {
    if (Date.now() - this.readAt < SETTING_TTL_MS) return;
    try {
      await this.settingUrl();
    } catch {
      this.readAt = Date.now();
    }
  }

  /** The remembered setting (synchronous: the CSP header is written without a query). */
  remembered(): string | null {
    return this.setting;
  }

  /** Whether the region's base map file is there. */
  regionLoaded(): boolean {
    return Boolean(this.basemapDir && existsSync(join(this.basemapDir, BASEMAP_FILE)));
  }

  /** The style the maps draw on now; see the module comment for the order. */
  async current(): Promise<MapStyleChoice> {
    if (this.envUrl) return { url: this.envUrl, source: 'external' };
    if (this.regionLoaded()) return { url: BASEMAP_STYLE_PATH, source: 'region' };
    const url = await this.settingUrl();
    return url ? { url, source: 'external' } : { url: null, source: 'none' };
  }
}

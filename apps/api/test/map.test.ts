/**
 * Map data: vector tiles from ST_AsMVT (authenticated and public), GET /api/geojson/ and the
 * public map list of spec 02 §7. Tiles are decoded with @mapbox/vector-tile to check the
 * features really are there.
 */
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader as Pbf } from 'pbf';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TILE_LAYER } from '@tko/contract';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { binary } from './download';

let t: TestApp;
let siteId: number;

/** Slippy-map tile of a point (EPSG:3857 tiling). */
function tileOf(lat: number, lng: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [x, y];
}


beforeAll(async () => {
  t = await startTestApp();
  siteId = (await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({ containers: [{ type: 'EURO', volume: 1.1 }] }))).body.id;
  await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({ coordinates: '52.53, 103.88', status: 'PLANNED' }));
});
afterAll(async () => t?.close());

describe('vector tiles', () => {
  it.each([10, 12, 14])('z%i tile holds the site with its properties', async (z) => {
    const [x, y] = tileOf(52.546842, 103.870102, z);
    const res = await request(t.app.server).get(`/api/waste-area/tiles/${z}/${x}/${y}.mvt`).set(t.auth('viewer')).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const layer = new VectorTile(new Pbf(res.body)).layers[TILE_LAYER]!;
    expect(layer).toBeDefined();
    const features = Array.from({ length: layer.length }, (_, i) => layer.feature(i));
    const site = features.find((f) => f.id === siteId)!;
    expect(site.properties).toMatchObject({ kind: 'CONTAINER', status: 'ACTIVE', type: 'OPENED', count_containers: 1 });
    expect(z === 10 ? features.length : 1).toBeGreaterThanOrEqual(1);
  });

  it('an empty tile far away is empty, public tiles need no token, private ones do', async () => {
    const far = await request(t.app.server).get('/api/public/v1/waste-area/tiles/14/0/0.mvt').buffer(true).parse(binary);
    expect(far.status).toBe(200);
    expect(far.body.length).toBe(0);
    const [x, y] = tileOf(52.546842, 103.870102, 10);
    const pub = await request(t.app.server).get(`/api/public/v1/waste-area/tiles/10/${x}/${y}.mvt`).buffer(true).parse(binary);
    expect(new VectorTile(new Pbf(pub.body)).layers[TILE_LAYER]!.length).toBe(2);
    expect((await request(t.app.server).get(`/api/waste-area/tiles/10/${x}/${y}.mvt`)).status).toBe(401);
    expect((await request(t.app.server).get(`/api/waste-area/tiles/10/${x}/${y}.mvt`).set(t.auth('nobody'))).status).toBe(403);
  });

  it('refuses coordinates outside the tile grid', async () => {
    expect((await request(t.app.server).get('/api/public/v1/waste-area/tiles/2/9/0.mvt')).status).toBe(404);
    expect((await request(t.app.server).get('/api/public/v1/waste-area/tiles/99/0/0.mvt')).status).toBe(400);
  });
});

describe('GeoJSON and the public map list', () => {
  it('GET /api/geojson/ gives a FeatureCollection in EPSG:4326, 6 decimals', async () => {
    const res = await request(t.app.server).get('/api/geojson/').set(t.auth('viewer'));
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('FeatureCollection');
    const f = res.body.features.find((x: { id: number }) => x.id === siteId);
    expect(f.geometry).toEqual({ type: 'Point', coordinates: [103.870102, 52.546842] });
    expect(f.properties).toMatchObject({ kind: 'CONTAINER', status: 'ACTIVE' });
    expect((await request(t.app.server).get('/api/geojson/')).status).toBe(401);
  });

  it('GET /api/public/map/list/ lists by kind with url and coordinates', async () => {
    const res = await request(t.app.server).get('/api/public/map/list/');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['BULK_WASTE_AREA', 'CHAMBER_WASTE_AREA', 'COLLECTION_WASTE_AREA', 'CONTAINER_WASTE_AREA', 'SPECIAL_WASTE_AREA']);
    expect(res.body.CONTAINER_WASTE_AREA).toContainEqual({ id: siteId, url: `/terr-schema/containers/container/view/${siteId}/`, coordinates: { lat: 52.546842, lng: 103.870102 } });
    expect(res.body.SPECIAL_WASTE_AREA).toEqual([]);
  });
});

describe('meta', () => {
  it('GET /api/config/ and the OpenAPI document', async () => {
    expect((await request(t.app.server).get('/api/config/')).body).toEqual({ map_style_url: null, road_graph: false });
    const doc = await request(t.app.server).get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/api/waste-area/container/']).toHaveProperty('get');
    expect(doc.body.paths['/api/waste-area/container/']).toHaveProperty('post');
    expect(doc.body.paths['/api/public/v1/waste-area/container/']).toHaveProperty('get');
  });
});

describe('web app serving', () => {
  it('serves index.html for app paths, files as files, and 404 for a missing asset', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dist = mkdtempSync(path.join(tmpdir(), 'tko-dist-'));
    const t2 = await startTestApp({ overrides: { webDist: dist } });
    try {
      expect((await request(t2.app.server).get('/terr-schema/map/')).status).toBe(404);
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Реестр</title>');
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
      const page = await request(t2.app.server).get('/terr-schema/map/');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Реестр');
      const js = await request(t2.app.server).get('/assets/app.js');
      expect(js.status).toBe(200);
      expect(js.headers['content-type']).toMatch(/javascript/);
      expect((await request(t2.app.server).get('/assets/missing-chunk.js')).status).toBe(404);
      expect((await request(t2.app.server).get('/api/nothing-here/')).body.detail).toBe('Страница не найдена.');
      expect((await request(t2.app.server).get('/../../etc/passwd')).status).not.toBe(500);
    } finally {
      await t2.close();
    }
  });
});

/**
 * Turn restrictions of the extract (OSM relations type=restriction, https://wiki.openstreetmap.org/wiki/Relation:restriction)
 * into `osm.turn_restrictions (from_way, via_node, to_way, kind)` for the routing engine
 * (@tko/db routing/road-graph.ts): osm2pgrouting 2.3 does not keep them. Read: `restriction` and
 * `restriction:hgv` (a lorry's own), not those whose `except` names hgv; a via way or a relation
 * without one from, one via node and one to is skipped and counted.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

export interface TurnRestriction { fromWay: string; viaNode: string; toWay: string; kind: string }

/** The restrictions of an OSM XML text (osmium's output: one element per line), and how many were skipped. */
export function parseRestrictions(xml: string): { rows: TurnRestriction[]; skipped: number } {
  const rows: TurnRestriction[] = [];
  let skipped = 0;
  for (const m of xml.matchAll(/<relation\b[^>]*>([\s\S]*?)<\/relation>/g)) {
    const body = m[1]!;
    const tags = new Map([...body.matchAll(/<tag k="([^"]*)" v="([^"]*)"\/>/g)].map((t) => [t[1]!, t[2]!]));
    if (tags.get('type') !== 'restriction' && tags.get('type') !== 'restriction:hgv') continue;
    const kind = tags.get('restriction:hgv') ?? tags.get('restriction');
    if (!kind || !/^(no|only)_/.test(kind) || /\bhgv\b/.test(tags.get('except') ?? '')) { skipped++; continue; }
    const members = [...body.matchAll(/<member type="(\w+)" ref="(\d+)" role="(\w*)"\/>/g)].map((x) => ({ type: x[1]!, ref: x[2]!, role: x[3]! }));
    const from = members.filter((x) => x.role === 'from' && x.type === 'way');
    const via = members.filter((x) => x.role === 'via');
    const to = members.filter((x) => x.role === 'to' && x.type === 'way');
    if (from.length !== 1 || to.length !== 1 || via.length !== 1 || via[0]!.type !== 'node') { skipped++; continue; }
    rows.push({ fromWay: from[0]!.ref, viaNode: via[0]!.ref, toWay: to[0]!.ref, kind });
  }
  return { rows, skipped };
}

/** Replaces osm.turn_restrictions with the restrictions of the OSM XML file `file`; the count written. */
export async function loadRestrictions(pool: pg.Pool, file: string): Promise<{ written: number; skipped: number }> {
  const { rows, skipped } = parseRestrictions(readFileSync(file, 'utf8'));
  await pool.query(`DROP TABLE IF EXISTS osm.turn_restrictions;
    CREATE TABLE osm.turn_restrictions (from_way bigint NOT NULL, via_node bigint NOT NULL, to_way bigint NOT NULL, kind text NOT NULL)`);
  await pool.query(
    `INSERT INTO osm.turn_restrictions (from_way, via_node, to_way, kind)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[])`,
    [rows.map((r) => r.fromWay), rows.map((r) => r.viaNode), rows.map((r) => r.toWay), rows.map((r) => r.kind)],
  );
  return { written: rows.length, skipped };
}

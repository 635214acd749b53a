/**
 * Problems (table `problem`, migration 20261124120000_problems): the wire's `type` is the
 * column `code`, `coordinates` is `point`, `created_at` is `opened_at`. `object_url` and
 * `identifier` are read from the object the problem is about (by object_type + object_id):
 * the web page of that object (spec 01 §2 paths) and its own identifier (a site's identifier or
 * registry number, a source's external identifier, a dump's identifier, an entity's ИНН).
 */
import { WASTE_AREA_TABS } from '@tko/contract';
import type { ComputedSql, TableMapping } from './types';

/** The waste-area kind → its section path segment (container, special, …). */
const kindPath = `CASE w.kind ${WASTE_AREA_TABS.map((x) => `WHEN '${x.kind}' THEN '${x.type}'`).join(' ')} END`;
const entityPath = `CASE e.kind WHEN 'JURIDICAL_PERSON' THEN 'juridical-person' WHEN 'INDIVIDUAL_ENTREPRENEUR' THEN 'individual-entrepreneur' ELSE 'natural-person' END`;

/** Web page of the problem's object, or null when the object is gone. */
const objectUrlSql: ComputedSql = (t) => `CASE ${t}.object_type
    WHEN 'WASTE_AREA' THEN (SELECT '/terr-schema/containers/' || ${kindPath} || '/view/' || w.id || '/' FROM waste_area w WHERE w.id = ${t}.object_id)
    WHEN 'WASTE_SOURCE' THEN (SELECT '/terr-schema/waste-sources/view/' || s.id || '/' FROM waste_source s WHERE s.id = ${t}.object_id)
    WHEN 'WASTE_DUMP' THEN (SELECT '/terr-schema/waste-dumps/update/' || d.id || '/' FROM waste_dump d WHERE d.id = ${t}.object_id)
    WHEN 'LEGAL_ENTITY' THEN (SELECT '/terr-schema/waste-handlers/' || ${entityPath} || '/view/' || e.id || '/' FROM legal_entity e WHERE e.id = ${t}.object_id)
  END`;

/** The object's own identifier. */
const identifierSql: ComputedSql = (t) => `CASE ${t}.object_type
    WHEN 'WASTE_AREA' THEN (SELECT coalesce(w.identifier, w.registry_number) FROM waste_area w WHERE w.id = ${t}.object_id)
    WHEN 'WASTE_SOURCE' THEN (SELECT coalesce(s.external_identifier, s.name) FROM waste_source s WHERE s.id = ${t}.object_id)
    WHEN 'WASTE_DUMP' THEN (SELECT d.identifier FROM waste_dump d WHERE d.id = ${t}.object_id)
    WHEN 'LEGAL_ENTITY' THEN (SELECT e.inn FROM legal_entity e WHERE e.id = ${t}.object_id)
  END`;

export const problemTables: Record<string, TableMapping> = {
  problems: {
    table: 'problem',
    columns: { type: 'code', coordinates: 'point', created_at: 'opened_at' },
    computed: { object_url: objectUrlSql, identifier: identifierSql },
  },
};

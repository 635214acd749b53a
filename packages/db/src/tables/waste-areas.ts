/**
 * The five waste-area registries (container, special, collection, chamber, bulk) share the
 * table `waste_area`, one kind per registry (`kind` column), so the map, tiles and the public
 * map list see every kind at once. Links: owners (waste_area_owner), waste sources
 * (waste_source_waste_area, the same table a source's `waste_areas` writes), photos and videos
 * (waste_area_photo / waste_area_video, ordered), containers (waste_area_container, whose
 * number and total volume the site keeps in count_containers and volume).
 */
import type { ChildrenMapping, JoinTable, TableMapping } from './types';
import { wasteAreaContractsSql } from './contracts-appeals';

const OWNERS: JoinTable = { table: 'waste_area_owner', ownKey: 'waste_area_id', targetKey: 'legal_entity_id' };
const WASTE_SOURCES: JoinTable = { table: 'waste_source_waste_area', ownKey: 'waste_area_id', targetKey: 'waste_source_id' };
const PHOTOS: JoinTable = { table: 'waste_area_photo', ownKey: 'waste_area_id', targetKey: 'attachment_id' };
const VIDEOS: JoinTable = { table: 'waste_area_video', ownKey: 'waste_area_id', targetKey: 'attachment_id' };
const CONTAINERS: ChildrenMapping = {
  table: 'waste_area_container',
  parentKey: 'waste_area_id',
  rollupOf: { count_containers: { count: true }, volume: { sum: 'volume' } },
};
/** The contracts naming a site (issue 11 §3), on the four kinds a contract names. */
const CONTRACTS = { contracts: wasteAreaContractsSql };
/** Special and bulk sites send width / length; the columns are those of a container site. */
const DIMENSIONS = { width: 'waste_area_width', length: 'waste_area_length' };

function wasteArea(kind: string, extra: Omit<TableMapping, 'table' | 'scope'> = {}): TableMapping {
  return {
    table: 'waste_area',
    scope: { column: 'kind', value: kind },
    ...extra,
    joins: { owners: OWNERS, waste_sources: WASTE_SOURCES, ...extra.joins },
  };
}

export const wasteAreaTables: Record<string, TableMapping> = {
  container: wasteArea('CONTAINER', { joins: { photos: PHOTOS, video: VIDEOS }, children: { containers: CONTAINERS }, computed: CONTRACTS }),
  special: wasteArea('SPECIALA', { columns: DIMENSIONS, computed: CONTRACTS }),
  collection: wasteArea('COLLECTION', { columns: { name: 'name_waste_area' }, computed: CONTRACTS }),
  chamber: wasteArea('CHAMBER', { children: { containers: CONTAINERS }, computed: CONTRACTS }),
  bulk: wasteArea('BULK', { columns: DIMENSIONS }),
};

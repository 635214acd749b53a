/**
 * What the five waste-area registries share beyond their fields: paths by type (spec 02 §7:
 * `/api/waste-area/{type}/`, public `/api/public/v1/waste-area/{type}/`; spec 02 §2: web list
 * `/terr-schema/containers/{type}/`) and the list filters.
 */
import type { FilterDef } from '../common/filters';
import { IMPORT_FILE_FILTER } from '../common/filters';
import type { RowScopeDef } from '../common/row-scope';
import { AccessKind, Periodicity, Remoteness, WasteAreaStatus } from '../enums/waste-area';

/** Waste-area type in paths and permission names (spec 01 §6). */
export type WasteAreaType = 'container' | 'special' | 'collection' | 'chamber' | 'bulk';

/**
 * Row scope of every waste-area kind (issue 7 §3, docs/DECISIONS.md "Row scope"): a user bound
 * to organisations (a management company, an owner, a regional operator's branch) sees the sites
 * whose regional operator, management organisation or one of whose owners is theirs. Staff
 * without bindings see every site; the public variants show every site's public fields.
 */
export const WASTE_AREA_ROW_SCOPE: RowScopeDef = { organization: ['reg_operator', 'management_organization', 'owners'] };

/** path, publicPath and webPath of one waste-area type, and the row scope they share. */
export function wasteAreaPaths(type: WasteAreaType) {
  return {
    path: `/api/waste-area/${type}/`,
    publicPath: `/api/public/v1/waste-area/${type}/`,
    webPath: `/terr-schema/containers/${type}/`,
    rowScope: WASTE_AREA_ROW_SCOPE,
  };
}

/**
 * List filters of a waste-area registry: a text search over `search` columns, status, `extra`
 * (kind-specific enums), the characteristics filters when the kind has that tab, the contract
 * zone and regional operator, the checking flags, and the map filters (bbox, radius).
 */
export function wasteAreaFilters(o: { search: string[]; characteristics: boolean; extra?: Record<string, FilterDef> }): Record<string, FilterDef> {
  return {
    search: { kind: 'text', fields: o.search, label: 'Поиск' },
    status: { kind: 'enum', field: 'status', enum: WasteAreaStatus, label: 'Статус' },
    ...o.extra,
    ...(o.characteristics
      ? {
          remoteness: { kind: 'enum', field: 'remoteness', enum: Remoteness, label: 'Удалённость' },
          periodicity: { kind: 'enum', field: 'periodicity', enum: Periodicity, label: 'Периодичность' },
          access: { kind: 'enum', field: 'access', enum: AccessKind, label: 'Подъезд' },
        } satisfies Record<string, FilterDef>
      : {}),
    contract_zone: { kind: 'ref', field: 'contract_zone', label: 'Зона деятельности' },
    reg_operator: { kind: 'ref', field: 'reg_operator', label: 'Региональный оператор' },
    ...(o.characteristics ? { has_cover: { kind: 'bool', field: 'has_cover', label: 'Есть навес' } satisfies FilterDef } : {}),
    location_needs_checking: { kind: 'bool', field: 'location_needs_checking', label: 'Адрес требует проверки' },
    coordinates_needs_checking: { kind: 'bool', field: 'coordinates_needs_checking', label: 'Координаты требуют проверки' },
    import_file: IMPORT_FILE_FILTER,
    in_bbox: { kind: 'bbox', field: 'coordinates', label: 'В области карты' },
    near: { kind: 'radius', field: 'coordinates', label: 'Рядом с точкой' },
  };
}

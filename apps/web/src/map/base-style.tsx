/**
 * The base style every map of the app draws on (issue: «a map with streets»): the style
 * `/api/config/` names (the installation's MAP_STYLE_URL, else the region's own base map
 * /api/basemap/style.json once it is loaded, else the external style of the system settings),
 * else the built-in plain background — and, while there is none, the notice saying so
 * (NoBasemapNotice): for administrators with the links to Администрирование → Регион and to the
 * system settings' external style, for others a short line (NoRoadGraphNotice likewise where routes are
 * built without a road graph). The config is read once per session and
 * reloaded when a region load ends (admin/region-page.tsx).
 */
import { REGION_MSG, REGION_WEB_PATH } from '@tko/contract';
import { Alert } from 'antd';
import type { StyleSpecification } from 'maplibre-gl';
import { Link } from 'react-router';
import { useAppConfig } from '../api/hooks';
import { SETTINGS_PATH } from '../app/navigation';
import { useCan } from '../app/permissions/use-permissions';
import { builtInStyle } from './map-style';

export interface BaseStyle {
  /** The style URL or the built-in style. */
  style: string | StyleSpecification;
  /** False while the config is still being read (create the map after). */
  known: boolean;
  /** True when no base map is configured or loaded. */
  missing: boolean;
}

/** The maps' base style; see the module comment. A config that failed to load counts as none. */
export function useBaseStyle(): BaseStyle {
  const config = useAppConfig();
  const url = config.data?.map_style_url ?? null;
  return { style: url ?? builtInStyle(), known: !config.isPending, missing: !config.isPending && !url };
}

/**
 * The line over a map without a base map. `compact`: one line for small maps (cards, dialogs).
 * Renders nothing while the config is read or when a base map exists.
 */
export function NoBasemapNotice({ compact = false }: { compact?: boolean }) {
  const { missing } = useBaseStyle();
  const hint = useRegionHint('no-basemap-link');
  const admin = useCan('system-settings:change');
  if (!missing) return null;
  return (
    <Alert
      type="info"
      showIcon={!compact}
      banner={compact}
      data-testid="no-basemap"
      style={{ marginBottom: 8 }}
      title={<span>{REGION_MSG.noBasemap}{hint}{admin && !compact && <>{' '}<Link to={SETTINGS_PATH} data-testid="no-basemap-settings-link">{REGION_MSG.adminStyleHint}</Link></>}</span>}
    />
  );
}

/** What to do about missing region data: administrators get the link to the region page, others a short line. */
function useRegionHint(testId: string) {
  const admin = useCan('system-settings:change');
  return admin
    ? <>{' '}<Link to={REGION_WEB_PATH} data-testid={testId}>{REGION_MSG.adminHint}</Link></>
    : ` ${REGION_MSG.userHint}`;
}

/** Where routes are built without a road graph: why the route is not built along roads (never a command line). */
export function NoRoadGraphNotice() {
  const hint = useRegionHint('no-road-graph-link');
  return <Alert type="warning" showIcon data-testid="no-road-graph" style={{ marginBottom: 8 }} title={<span>{REGION_MSG.noRoadGraph}{hint}</span>} />;
}

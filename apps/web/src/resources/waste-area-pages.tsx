/**
 * Pages of the container section (spec 01 §2, §6): tabs of the five waste-area kinds, each
 * with its list, card and view. Kinds the API does not serve yet show an empty state; a kind
 * the user may not view moves to the first one they may.
 */
import { Empty, Tabs } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../app/permissions/use-permissions';
import { allowedWasteAreaTypes, resolveWasteAreaType } from '../app/permissions/permissions';
import { useSession } from '../app/session/use-session';
import { ForbiddenState } from '../app/states';
import type { ResourcePaths } from '../crud/paths';
import { ResourceList } from '../crud/resource-list';
import { listHref } from '../crud/list-memory';
import { cardPath, listPath, viewPath, WASTE_AREA_REGISTRIES, wasteAreaRegistry } from './waste-areas';

export const NOT_YET_TEXT = 'Реестр появится в следующей версии';

export function pathsOf(type: string): ResourcePaths {
  return { list: listPath(type), card: (id) => cardPath(type, id), view: (id) => viewPath(type, id) };
}

export function NotYet() {
  return <Empty description={NOT_YET_TEXT} style={{ padding: 48 }} />;
}

/** `/terr-schema/containers/:type/`: the kind tabs and the list of the chosen kind. */
export function WasteAreaListPage() {
  const { type } = useParams();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const perms = usePermissions();

  const registry = wasteAreaRegistry(type);
  let tabs = WASTE_AREA_REGISTRIES;
  if (signedIn) {
    const access = resolveWasteAreaType(perms, type);
    if (access.kind === 'denied') return <ForbiddenState />;
    if (access.kind === 'redirect') return <Navigate to={listHref(listPath(access.type))} replace />;
    const allowed = allowedWasteAreaTypes(perms);
    tabs = tabs.filter((t) => allowed.includes(t.type));
  } else if (!registry) {
    return <Navigate to={listPath('container')} replace />;
  }

  return (
    <>
      <Tabs
        activeKey={registry!.type}
        onChange={(key) => navigate(listHref(listPath(key)))}
        items={tabs.map((t) => ({ key: t.type, label: t.label }))}
        style={{ marginBottom: 8 }}
      />
      {registry!.web ? <ResourceList key={registry!.type} web={registry!.web} paths={pathsOf(registry!.type)} anonymous={!signedIn} /> : <NotYet />}
    </>
  );
}

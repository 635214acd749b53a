/**
 * The list page of a section (sections.ts): the tabs the visitor may read and the list of the
 * chosen one. A tab the visitor may not read moves to the first one they may; anonymous
 * visitors read public lists only (else they are asked to sign in); a tab whose registry the
 * contract does not list yet says so.
 */
import { Alert, Empty, Tabs } from 'antd';
import { Suspense } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../app/permissions/use-permissions';
import { authPath } from '../app/session/redirect';
import { useSession } from '../app/session/use-session';
import { ForbiddenState, NotFoundPage } from '../app/states';
import type { HashOptions } from '../crud/hash-options';
import { listHref } from '../crud/list-memory';
import { ResourceList } from '../crud/resource-list';
import { sectionTabAccess } from './section-access';
import { overridesOf } from './registry-overrides';
import { KeyedObjectLink } from './object-route';
import { tabListPath, tabPaths, webOf } from './section-paths';
import { isTabbed, type Section } from './sections';

export const NOT_YET_TEXT = 'Реестр появится в следующей версии';

export function NotYet() {
  return <Empty description={NOT_YET_TEXT} style={{ padding: 48 }} />;
}

/** `base[tab/]` and `base{segment}/`: the tabs and the list. */
export function SectionListPage({ section }: { section: Section }) {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { signedIn } = useSession();
  const perms = usePermissions();
  const tabbed = isTabbed(section);
  const access = sectionTabAccess(section, tabbed ? params.tab : '', signedIn, perms);

  if (access.kind === 'signin') return <Navigate to={authPath(`${location.pathname}${location.hash}`)} replace />;
  if (access.kind === 'denied') return <ForbiddenState />;
  if (access.kind === 'redirect') return <Navigate to={listHref(tabListPath(section, access.tab))} replace />;
  const { tab, tabs } = access;

  const segment = section.listSegment;
  const segmentValue = segment ? params[segment.name] : undefined;
  if (segment && segmentValue !== undefined && !segment.pattern.test(segmentValue)) return <NotFoundPage />;
  const fixed: HashOptions = { ...tab.fixed, ...(segment && segmentValue ? segment.options(segmentValue) : {}) };
  const web = webOf(tab);
  const paths = tabPaths(section, tab);
  const segmentObject = segment && segmentValue ? segment.objectOf?.(segmentValue) : undefined;
  const Tools = signedIn ? overridesOf(tab.resource).listTools : undefined;

  return (
    <>
      {tabbed && (
        <Tabs
          activeKey={tab.slug}
          onChange={(key) => {
            const next = tabs.find((t) => t.slug === key);
            if (next) navigate(listHref(tabListPath(section, next)));
          }}
          items={tabs.map((t) => ({ key: t.slug, label: t.label }))}
          style={{ marginBottom: 8 }}
        />
      )}
      {web && Tools && <Suspense fallback={null}><Tools /></Suspense>}
      {web ? (
        <ResourceList
          key={`${section.key}/${tab.slug}`}
          web={web}
          paths={segmentValue ? { ...paths, list: location.pathname } : paths}
          anonymous={!signedIn}
          fixed={fixed}
          title={tab.title}
          orderingInHash={section.orderingInHash}
          listDefaults={tab.listDefaults}
          notice={
            segment && segmentValue ? (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                title={
                  <span>
                    {segment.describe(segmentValue)}{' '}
                    {segmentObject && section.objectKey && (
                      <>
                        Само образование: <KeyedObjectLink def={web.def} objectKey={section.objectKey} value={segmentObject} paths={paths} anonymous={!signedIn} />.{' '}
                      </>
                    )}
                    <Link to={listHref(paths.list)}>Показать все</Link>
                  </span>
                }
              />
            ) : undefined
          }
        />
      ) : (
        <NotYet />
      )}
    </>
  );
}

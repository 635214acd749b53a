/**
 * The read-only page of one object (`.../view/:objectId/`): a Descriptions block per card tab.
 * References read as links to the referenced object's page where the app shows its registry
 * (a waste source's sites, a site's waste sources, organisations); child rows open their card
 * in a drawer; the events tab lists events. Anonymous visitors read the public card (no private
 * fields, no links to edit).
 */
import { EditOutlined } from '@ant-design/icons';
import type { Attachment, FieldDef, ResourceDef } from '@tko/contract';
import { Button, Descriptions, Space, Table, Tabs, Typography } from 'antd';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { useResourceItem } from '../api/hooks';
import type { Entity } from '../api/resource-client';
import { Can } from '../app/permissions/can';
import { useCanWrite } from '../resources/federal';
import { ErrorState, LoadingState } from '../app/states';
import { childTexts } from '../resources/child-texts';
import { overridesOf } from '../resources/registry-overrides';
import { useRefHrefs } from '../resources/ref-links';
import type { WebResource } from '../resources/web-resource';
import { EMPTY_VALUE, entityTitle, formatFieldValue } from './format';
import { listHref } from './list-memory';
import { FilesList } from './fields/files-input';
import { ChildCardView } from './panels/child-card';
import { HistoryButton, HistoryEntries, isHistoryItems } from '../history/history-view';
import type { ResourcePaths } from './paths';
import { tabPanel } from './tab-panels';
import { WorkflowActions } from './workflow-actions';
import { parameterEntries } from './history-params';
import { fieldsOfTab } from './tab-fields';
import { isTreeRows, TreeValue } from './tree-value';
import { PageTitle } from '../app/page-title';
import { CardNotice } from './card-notice';

function ChildrenView({ resource, name, field, rows }: { resource: string; name: string; field: FieldDef; rows: Record<string, unknown>[] }) {
  const fields = field.children?.fields ?? {};
  const texts = childTexts(resource, name);
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <>
      <Table
        size="small"
        rowKey={(r) => String(r.id)}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: 'Нет данных' }}
        onRow={(_r, index) => ({ onClick: () => setOpened(index ?? null), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'n', title: '№', width: 56, render: (_v: unknown, _r: Record<string, unknown>, i: number) => i + 1 },
          ...Object.entries(fields).map(([key, fd]) => ({ key, title: fd.label, render: (_: unknown, r: Record<string, unknown>) => formatFieldValue(fd, r[key]) })),
        ]}
      />
      <ChildCardView open={opened !== null} title={`${texts.one} № ${(opened ?? 0) + 1}`} onClose={() => setOpened(null)} fields={fields} row={opened === null ? null : (rows[opened] ?? null)} />
    </>
  );
}

const WIDE_KINDS = new Set(['longtext', 'address', 'person', 'refs', 'files']);

type Named = { id: number; name: string };
const isNamed = (v: unknown): v is Named => Boolean(v) && typeof v === 'object' && typeof (v as Named).id === 'number' && typeof (v as Named).name === 'string';

/** A field's value on the view page: references as links where their registry has a page. */
function ValueView({ def, field, value, linked }: { def: ResourceDef; field: FieldDef; value: unknown; linked: boolean }) {
  const refs = field.kind === 'ref' && isNamed(value) ? [value] : field.kind === 'refs' && Array.isArray(value) ? value.filter(isNamed) : [];
  const hrefs = useRefHrefs(field.ref?.resource, refs.map((r) => r.id), linked && refs.length > 0);
  if (field.kind === 'computed' && isTreeRows(value)) return <TreeValue rows={value} />;
  if (field.kind === 'computed' && isHistoryItems(value, field.label)) return <HistoryEntries def={def} entries={field.tab ? parameterEntries(def, field.tab, value) : value} />;
  if (field.kind === 'files') return Array.isArray(value) && value.length > 0 ? <FilesList value={value as Attachment[]} /> : <>{EMPTY_VALUE}</>;
  if (refs.length === 0) return <>{formatFieldValue(field, value)}</>;
  return (
    <span data-testid={`refs-${field.label}`}>
      {refs.map((v, i) => {
        const href = hrefs.get(v.id);
        return (
          <Fragment key={v.id}>
            {i > 0 && ', '}
            {href ? <Link to={href}>{v.name}</Link> : v.name}
          </Fragment>
        );
      })}
    </span>
  );
}

function TabView({ def, tab, entity, anonymous }: { def: ResourceDef; tab: string; entity: Entity; anonymous: boolean }) {
  // Public answers leave private fields out: the view shows what the answer has.
  const names = fieldsOfTab(def, tab).filter((n) => !(anonymous && def.fields[n]!.private));
  const children = names.filter((n) => def.fields[n]!.kind === 'children');
  const plain = names.filter((n) => def.fields[n]!.kind !== 'children');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {plain.length > 0 && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={plain.map((n) => ({
            key: n,
            label: def.fields[n]!.label,
            // Wide values (lists of references, addresses, the ФККО tree) take the rest of the row.
            span: WIDE_KINDS.has(def.fields[n]!.kind) || def.fields[n]!.detailOnly ? ('filled' as const) : 1,
            children: <ValueView def={def} field={def.fields[n]!} value={entity[n]} linked={!anonymous} />,
          }))}
        />
      )}
      {children.map((n) => (
        <div key={n}>
          <Typography.Title level={5}>{def.fields[n]!.label}</Typography.Title>
          <ChildrenView resource={def.name} name={n} field={def.fields[n]!} rows={(entity[n] as Record<string, unknown>[] | undefined) ?? []} />
        </div>
      ))}
      {names.length === 0 && <Typography.Text type="secondary">{EMPTY_VALUE}</Typography.Text>}
    </Space>
  );
}

export function ResourceView({ web, objectId, paths, anonymous }: { web: WebResource; objectId: string; paths: ResourcePaths; anonymous: boolean }) {
  const { def } = web;
  const item = useResourceItem(def, objectId, anonymous);
  const canChange = useCanWrite(def.name, 'change');
  if (item.isPending) return <LoadingState />;
  if (item.isError) return <ErrorState error={item.error} onRetry={() => void item.refetch()} />;
  const entity = item.data;
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <div>
          <Typography.Text type="secondary">{def.labelOne}</Typography.Text>
          <PageTitle>
            {entityTitle(def, entity)}
          </PageTitle>
        </div>
        <Space wrap>
          {!anonymous && <WorkflowActions def={def} row={entity} />}
          {!anonymous && overridesOf(def.name).cardButtons?.(entity, false)}
          {!anonymous && !def.ownHistory && <HistoryButton def={def} id={entity.id} />}
          {!anonymous && canChange && (
            <Can perm={`${def.name}:change`}>
              <Link to={paths.card(entity)}>
                <Button type="primary" icon={<EditOutlined />}>
                  Редактировать
                </Button>
              </Link>
            </Can>
          )}
          <Link to={listHref(paths.list)}>
            <Button>К списку</Button>
          </Link>
        </Space>
      </Space>
      {!anonymous && <CardNotice def={def} entity={entity} />}
      <Tabs
        items={def.tabs.map((tab) => ({
          key: tab.key,
          label: tab.label,
          children: tabPanel(def, tab, entity) ?? <TabView def={def} tab={tab.key} entity={entity} anonymous={anonymous} />,
        }))}
      />
    </div>
  );
}

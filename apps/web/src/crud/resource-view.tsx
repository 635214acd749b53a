/** The read-only page of one object (`.../view/:objectId/`): a Descriptions block per card tab. */
import { EditOutlined } from '@ant-design/icons';
import type { FieldDef, ResourceDef } from '@tko/contract';
import { Button, Descriptions, Empty, Space, Table, Tabs, Typography } from 'antd';
import { Link } from 'react-router';
import { useResourceItem } from '../api/hooks';
import type { Entity } from '../api/resource-client';
import { Can } from '../app/permissions/can';
import { ErrorState, LoadingState } from '../app/states';
import type { WebResource } from '../resources/web-resource';
import { formatFieldValue } from './format';
import { listHref } from './list-memory';
import type { ResourcePaths } from './paths';
import { fieldsOfTab } from './tab-fields';

function ChildrenView({ field, rows }: { field: FieldDef; rows: Record<string, unknown>[] }) {
  const fields = Object.entries(field.children?.fields ?? {});
  return (
    <Table
      size="small"
      rowKey={(r) => String(r.id)}
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: 'Нет данных' }}
      columns={fields.map(([key, fd]) => ({ key, title: fd.label, render: (_: unknown, r: Record<string, unknown>) => formatFieldValue(fd, r[key]) }))}
    />
  );
}

function TabView({ def, tab, entity }: { def: ResourceDef; tab: string; entity: Entity }) {
  const names = fieldsOfTab(def, tab);
  const children = names.filter((n) => def.fields[n]!.kind === 'children');
  const plain = names.filter((n) => def.fields[n]!.kind !== 'children');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {plain.length > 0 && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={plain.map((n) => ({ key: n, label: def.fields[n]!.label, children: formatFieldValue(def.fields[n]!, entity[n]) }))}
        />
      )}
      {children.map((n) => (
        <div key={n}>
          <Typography.Title level={5}>{def.fields[n]!.label}</Typography.Title>
          <ChildrenView field={def.fields[n]!} rows={(entity[n] as Record<string, unknown>[] | undefined) ?? []} />
        </div>
      ))}
    </Space>
  );
}

export function ResourceView({ web, objectId, paths }: { web: WebResource; objectId: string; paths: ResourcePaths }) {
  const { def } = web;
  const item = useResourceItem(def, objectId);
  if (item.isPending) return <LoadingState />;
  if (item.isError) return <ErrorState error={item.error} onRetry={() => void item.refetch()} />;
  const entity = item.data;
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <div>
          <Typography.Text type="secondary">{def.labelOne}</Typography.Text>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {String(entity[def.titleField] ?? `№ ${entity.id}`)}
          </Typography.Title>
        </div>
        <Space wrap>
          <Can perm={`${def.name}:change`}>
            <Link to={paths.card(entity.id)}>
              <Button type="primary" icon={<EditOutlined />}>
                Редактировать
              </Button>
            </Link>
          </Can>
          <Link to={listHref(paths.list)}>
            <Button>К списку</Button>
          </Link>
        </Space>
      </Space>
      <Tabs
        items={def.tabs.map((tab) => ({
          key: tab.key,
          label: tab.label,
          children: tab.empty ? <Empty description={tab.empty} /> : <TabView def={def} tab={tab.key} entity={entity} />,
        }))}
      />
    </div>
  );
}

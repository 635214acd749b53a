/**
 * The generic list of a registry: filters, sortable columns and pages in the URL hash,
 * the found count with aggregates, export and create by permission. A tab may fix some list
 * options (`fixed`: planned facilities are status=PLANNED); they apply to the list and the export
 * and are left out of the filter bar and the hash. Anonymous visitors read the public list (no
 * private fields) and open the public card. Signed-in users see changes of the registry live.
 */
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@tko/contract';
import { Alert, Button, Empty, Space, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { memo, useCallback, useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/errors';
import { useResourceList } from '../api/hooks';
import type { Entity } from '../api/resource-client';
import { Can } from '../app/permissions/can';
import { useCanWrite } from '../resources/federal';
import { authPath } from '../app/session/redirect';
import { ErrorState } from '../app/states';
import { PageTitle } from '../app/page-title';
import { useRegistryLive } from '../live/use-registry-live';
import type { WebResource } from '../resources/web-resource';
import { listColumns, orderingOf, type SortOrder } from './columns';
import { BulkDeleteButton } from './bulk-delete';
import { ColumnChooser } from './column-chooser';
import { useShownColumns } from './column-choice';
import { ACTIONS_COLUMN_WIDTH, SELECT_COLUMN_WIDTH } from './column-widths';
import { ExportButton } from './export-button';
import { FilterBar } from './filter-bar';
import { setOption, type HashOptions } from './hash-options';
import { defaultListOptions, listParams, readOrdering, readPage, readPageSize } from './list-query';
import { rememberListHash } from './list-memory';
import { summaryText } from './list-summary';
import type { ResourcePaths } from './paths';
import { useHashOptions } from './use-hash-options';

export interface ResourceListProps {
  web: WebResource;
  paths: ResourcePaths;
  anonymous: boolean;
  /** List options fixed by the page (not in the hash, not in the filter bar). */
  fixed?: HashOptions;
  /** Title above the list (default: the registry's label). */
  title?: string;
  /** Shown between the title and the filters. */
  notice?: ReactNode;
  /** Write the default ordering into the hash too (the waste-site lists, spec 02 §2). */
  orderingInHash?: boolean;
  /** Options written into the hash when absent, e.g. default filters (spec 03 §2, the reports). */
  listDefaults?: HashOptions;
}

const NO_FIXED: HashOptions = {};
const ROW_STYLE = { cursor: 'pointer' } as const;
/**
 * The selection column's header: text for screen readers only. No select-all checkbox: antd copies
 * header cells into its aria-hidden measure row, where a checkbox would be focusable (axe aria-hidden-focus).
 */
const SELECT_TITLE = <span className="visually-hidden">Выбор</span>;
/** A selection checkbox's click selects the row; it does not open it (the row's onClick). */
const stopClick = (e: { stopPropagation(): void }) => e.stopPropagation();

/**
 * A row's «Редактировать»: one link (antd's Button with `href` renders an `<a>`), followed inside the
 * app on a plain click; ctrl/⌘-click still opens a new tab. Memoised per target.
 */
const RowEditLink = memo(function RowEditLink({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <Button
      type="text"
      href={to}
      icon={<EditOutlined />}
      aria-label="Редактировать"
      title="Редактировать"
      onClick={(e) => {
        e.stopPropagation();
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void navigate(to);
      }}
    />
  );
});

export function ResourceList({ web, paths: pathsProp, anonymous, fixed = NO_FIXED, title, notice, orderingInHash = false, listDefaults }: ResourceListProps) {
  const { def } = web;
  // Pages build `paths` on every render; its functions depend on the list and card paths only. One
  // object per those keeps the columns (and so every cell) from being rebuilt on each hash change
  // or refetch (issue 15 §2: long tasks of the list).
  const pathsKey = `${pathsProp.list}|${pathsProp.card('new')}|${pathsProp.view('new')}`;
  const paths = useMemo(() => pathsProp, [pathsKey]);
  const navigate = useNavigate();
  const location = useLocation();
  const defaults = useMemo(() => ({ ...defaultListOptions(def, orderingInHash), ...listDefaults }), [def, orderingInHash, listDefaults]);
  const [options, setOptions] = useHashOptions(defaults);
  // `fixed` is compared by value: pages may build it on every render.
  const fixedKey = JSON.stringify(fixed);
  const effective = useMemo<HashOptions>(() => ({ ...options, ...(JSON.parse(fixedKey) as HashOptions) }), [options, fixedKey]);
  // One array per `fixed` value, so the memoised filter bar does not re-render with the rows.
  const hiddenFilters = useMemo(() => Object.keys(JSON.parse(fixedKey) as HashOptions), [fixedKey]);
  const params = useMemo(() => listParams(def, effective), [def, effective]);
  const list = useResourceList(def, params, anonymous);
  // Changes by anyone (another user, an import) refresh the list live.
  useRegistryLive(def.name, !anonymous);
  const canChange = useCanWrite(def.name, 'change');
  const canAdd = useCanWrite(def.name, 'add');
  // Row selection for «Удалить выбранные», with the delete permission only (bulk-delete.tsx).
  const canDelete = useCanWrite(def.name, 'delete') && !anonymous;
  const [selected, setSelected] = useState<Key[]>([]);
  const paramsKey = JSON.stringify(params);
  useEffect(() => setSelected([]), [paramsKey]);
  const ordering = readOrdering(def, options);
  const [shown, setShown] = useShownColumns(def, anonymous);

  useEffect(() => rememberListHash(paths.list, location.hash), [paths.list, location.hash]);

  // A page past the end (fewer rows after a change elsewhere, or a stale link): go to the last one.
  // DRF answers such a page with 404 "Неправильная страница."; an empty page is treated alike.
  const pageNumber = readPage(options);
  const pageSize = readPageSize(options);
  const outOfRange =
    pageNumber > 1 &&
    ((list.isError && list.error instanceof ApiError && list.error.status === 404) ||
      (list.data !== undefined && !list.isPlaceholderData && list.data.results.length === 0));
  useEffect(() => {
    if (!outOfRange) return;
    const last = list.data && list.data.count > 0 ? Math.ceil(list.data.count / pageSize) : 1;
    setOptions({ ...options, page: String(Math.max(1, Math.min(last, pageNumber - 1))) });
  }, [outOfRange, list.data, pageSize, pageNumber, options, setOptions]);

  const columns = useMemo(() => {
    const cols: ColumnType<Entity>[] = listColumns(def, ordering, shown);
    if (!anonymous && canChange) {
      // One focusable control per row (a link drawn as an icon button, never a button inside a link),
      // under a header read by screen readers (issue 15 §3).
      cols.push({
        key: 'actions',
        title: <span className="visually-hidden">Действия</span>,
        width: ACTIONS_COLUMN_WIDTH,
        fixed: 'right',
        render: (_v, row) => <RowEditLink to={paths.card(row)} />,
      });
    }
    return cols;
  }, [def, ordering, anonymous, canChange, paths, shown]);
  // The table is as wide as its columns' widths: the key columns fit 1 440 px, chosen extra ones scroll.
  const tableWidth = useMemo(() => columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), canDelete ? SELECT_COLUMN_WIDTH : 0), [columns, canDelete]);

  const onRow = useCallback((row: Entity) => ({ onClick: () => void navigate(paths.view(row)), style: ROW_STYLE }), [navigate, paths]);
  const page = list.data;

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <PageTitle>{title ?? def.label}</PageTitle>
        {!anonymous && (
          <Space wrap>
            <ColumnChooser def={def} anonymous={anonymous} shown={shown} onChange={setShown} />
            {canDelete && selected.length > 0 && <BulkDeleteButton def={def} selected={selected} onDone={() => setSelected([])} />}
            <Can perm={`${def.name}:export`}>
              <ExportButton def={def} options={effective} />
            </Can>
            {canAdd && (
              <Link to={paths.card('new')}>
                <Button type="primary" icon={<PlusOutlined />}>
                  Создать
                </Button>
              </Link>
            )}
          </Space>
        )}
      </Space>
      {anonymous && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <span>
              Открытый реестр: только просмотр. <Link to={authPath(`${location.pathname}${location.hash}`)}>Войти</Link>, чтобы редактировать и выгружать данные.
            </span>
          }
        />
      )}
      {notice}
      <FilterBar def={def} options={options} onChange={setOptions} anonymous={anonymous} hidden={hiddenFilters} />
      {list.isError && !page ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.isError && <Alert type="warning" showIcon title="Не удалось обновить список. Показаны прежние данные." style={{ marginBottom: 12 }} />}
          <Typography.Paragraph data-testid="list-summary" style={{ marginBottom: 8 }}>
            {page ? summaryText(page.count, page, web.aggregateLabels) : 'Загрузка…'}
          </Typography.Paragraph>
          <Table<Entity>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={page?.results ?? []}
            loading={list.isFetching}
            tableLayout="fixed"
            scroll={{ x: tableWidth }}
            locale={{ emptyText: list.isPending ? 'Загрузка…' : <Empty description={anonymous ? 'Ничего не найдено. Измените фильтры.' : web.emptyText} /> }}
            onRow={onRow}
            rowClassName={(row) => (def.listHighlight && row[def.listHighlight] === true ? 'row-highlight' : '')}
            rowSelection={canDelete ? { selectedRowKeys: selected, onChange: setSelected, columnWidth: SELECT_COLUMN_WIDTH, hideSelectAll: true, columnTitle: SELECT_TITLE, getCheckboxProps: (row) => ({ 'aria-label': `Выбрать запись № ${String(row.id)}` }), renderCell: (_c, _r, _i, node) => <span onClick={stopClick}>{node}</span> } : undefined}
            pagination={{
              current: pageNumber,
              pageSize,
              total: page?.count ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [DEFAULT_PAGE_SIZE, 50, 100],
              showTotal: (total, [from, to]) => `${from}–${to} из ${total}`,
            }}
            onChange={(pagination, _filters, sorter, extra) => {
              if (extra.action === 'sort') {
                const s = Array.isArray(sorter) ? sorter[0] : sorter;
                const key = typeof s?.columnKey === 'string' ? s.columnKey : String(s?.field ?? '');
                setOptions(setOption(options, 'ordering', orderingOf(key, (s?.order ?? null) as SortOrder, def.defaultOrdering)));
              } else if (extra.action === 'paginate') {
                const size = pagination.pageSize ?? DEFAULT_PAGE_SIZE;
                if (size !== readPageSize(options)) setOptions(setOption(options, 'page_size', String(size)));
                else setOptions({ ...options, page: String(pagination.current ?? 1) });
              }
            }}
          />
        </>
      )}
    </div>
  );
}

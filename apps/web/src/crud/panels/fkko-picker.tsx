/**
 * The ФККО sub-panel of the edit card (spec 02 §2: "sub-panels for selecting … an FKKO code"):
 * the chosen codes as tags, and a drawer with the catalogue — a tree loaded one level at a time
 * (blocks → types → … → kinds of waste) or, while a text is typed, the rows whose code (with or
 * without spaces) or name contains it. Only kinds of waste (hazard class 1–5, the last digit of
 * the code) can be chosen; grouping rows (class 0) only open. A `refs` field keeps a list of ids
 * (the facility's `fkko`), a `ref` field one id (choosing closes the panel).
 */
import { ApartmentOutlined } from '@ant-design/icons';
import type { RefValue } from '@tko/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Drawer, Empty, Input, List, Space, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { fetchFkkoTree, searchFkko, type FkkoNode } from '../../api/fkko';
import type { RefSelectProps } from '../fields/ref-select';
import { useDebounced } from '../../app/use-debounced';

const SEARCH_LIMIT = 50;

const HAZARD: Record<number, string> = { 1: 'I класс', 2: 'II класс', 3: 'III класс', 4: 'IV класс', 5: 'V класс' };

/** A row that names a kind of waste (hazard class 1–5), not a grouping row. */
const choosable = (hazard: number | null | undefined) => typeof hazard === 'number' && hazard > 0;

function idsOf(value: RefSelectProps['value']): number[] {
  if (Array.isArray(value)) return value;
  return typeof value === 'number' ? [value] : [];
}

type Node = TreeDataNode & { key: string; fkko: FkkoNode };

function toTreeNode(n: FkkoNode): Node {
  return { key: n.code, title: n.title, isLeaf: !n.has_children, checkable: choosable(n.hazard_class), fkko: n };
}

/** Puts `children` under the node with `key` in a tree (immutably). */
function withChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children as Node[], key, children) } : n));
}

export function FkkoPicker({ value, onChange, known, disabled, id, multiple }: RefSelectProps) {
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<Map<number, string>>(() => new Map((known ?? []).map((k: RefValue) => [k.id, k.name])));
  const chosen = idsOf(value);

  const toggle = (nodeId: number, title: string, on: boolean) => {
    setNames((m) => new Map(m).set(nodeId, title));
    if (!multiple) {
      onChange(on ? nodeId : null, on ? [{ id: nodeId, name: title }] : []);
      if (on) setOpen(false);
      return;
    }
    const next = on ? [...new Set([...chosen, nodeId])] : chosen.filter((x) => x !== nodeId);
    const named = new Map(names).set(nodeId, title);
    onChange(next, next.map((x) => ({ id: x, name: named.get(x) ?? '' })));
  };

  return (
    // The field's label points at this group (a button named by its label would lose its own text).
    <div id={id} role="group">
      <Space wrap size={[4, 8]} style={{ marginBottom: 8 }} data-testid="fkko-chosen">
        {chosen.length === 0 && <Typography.Text type="secondary">Коды не выбраны</Typography.Text>}
        {chosen.map((c) => (
          <Tag key={c} closable={!disabled} onClose={() => toggle(c, names.get(c) ?? '', false)} style={{ whiteSpace: 'normal', maxWidth: '100%' }}>
            {names.get(c) ?? `№ ${c}`}
          </Tag>
        ))}
      </Space>
      <div>
        <Button icon={<ApartmentOutlined />} onClick={() => setOpen(true)} disabled={disabled}>
          Выбрать коды ФККО
        </Button>
      </div>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title="Выбор кода ФККО"
        size={760}
        destroyOnHidden
        closable={{ 'aria-label': 'Закрыть панель ФККО' }}
        data-testid="fkko-panel"
        footer={
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text>Выбрано: {chosen.length}</Typography.Text>
            <Button type="primary" onClick={() => setOpen(false)}>
              Готово
            </Button>
          </Space>
        }
      >
        <FkkoCatalogue chosen={chosen} onToggle={toggle} />
      </Drawer>
    </div>
  );
}

function FkkoCatalogue({ chosen, onToggle }: { chosen: number[]; onToggle: (id: number, title: string, on: boolean) => void }) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Input.Search
        aria-label="Поиск по коду или наименованию ФККО"
        placeholder="Код (например 7 31 110 01 72 4) или часть наименования"
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {search ? <FkkoSearchResults text={search} chosen={chosen} onToggle={onToggle} /> : <FkkoTree chosen={chosen} onToggle={onToggle} />}
    </Space>
  );
}

function FkkoSearchResults({ text, chosen, onToggle }: { text: string; chosen: number[]; onToggle: (id: number, title: string, on: boolean) => void }) {
  const q = useQuery({ queryKey: ['fkko-search', text], queryFn: ({ signal }) => searchFkko(text, SEARCH_LIMIT, signal), staleTime: 5 * 60_000 });
  if (q.isError) return <Alert type="error" showIcon title="Не удалось выполнить поиск" description={errorMessage(q.error)} />;
  const rows = q.data?.rows ?? [];
  return (
    <div data-testid="fkko-search-results">
      {q.data && q.data.count > rows.length && (
        <Typography.Paragraph type="secondary">
          Найдено {q.data.count}, показаны первые {rows.length}. Уточните код или наименование.
        </Typography.Paragraph>
      )}
      <List
        loading={q.isPending}
        dataSource={rows}
        locale={{ emptyText: <Empty description="Ничего не найдено. Проверьте код или измените запрос." /> }}
        renderItem={(r) => {
          const title = r.title ?? `${r.code} ${r.name}`;
          const can = choosable(r.hazard_class);
          return (
            <List.Item key={r.id}>
              {can ? (
                <Checkbox checked={chosen.includes(r.id)} onChange={(e) => onToggle(r.id, title, e.target.checked)}>
                  {title} <Tag>{HAZARD[r.hazard_class!] ?? ''}</Tag>
                </Checkbox>
              ) : (
                <Typography.Text type="secondary" title="Группировочная строка каталога: выберите вид отходов внутри неё">
                  {title}
                </Typography.Text>
              )}
            </List.Item>
          );
        }}
      />
    </div>
  );
}

function FkkoTree({ chosen, onToggle }: { chosen: number[]; onToggle: (id: number, title: string, on: boolean) => void }) {
  const roots = useQuery({ queryKey: ['fkko-tree', ''], queryFn: ({ signal }) => fetchFkkoTree(undefined, signal), staleTime: Infinity });
  const [nodes, setNodes] = useState<Node[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (roots.data && nodes === null) setNodes(roots.data.children.map(toTreeNode));
  }, [roots.data, nodes]);

  const byId = useMemo(() => {
    const keys: string[] = [];
    const walk = (list: Node[]) => list.forEach((n) => { if (chosen.includes(n.fkko.id)) keys.push(n.key); if (n.children) walk(n.children as Node[]); });
    walk(nodes ?? []);
    return keys;
  }, [nodes, chosen]);

  if (roots.isError) return <Alert type="error" showIcon title="Не удалось загрузить каталог ФККО" description={errorMessage(roots.error)} />;
  if (!nodes) return <Typography.Text type="secondary">Загрузка каталога…</Typography.Text>;
  return (
    <div data-testid="fkko-tree">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      <Tree<Node>
        checkable
        checkStrictly
        selectable={false}
        treeData={nodes}
        checkedKeys={{ checked: byId, halfChecked: [] }}
        loadData={async (node) => {
          if (node.children) return;
          try {
            const tree = await fetchFkkoTree(node.fkko.code);
            setNodes((list) => withChildren(list ?? [], node.key, tree.children.map(toTreeNode)));
            setError(null);
          } catch (e) {
            setError(`Не удалось открыть строку ${node.fkko.title}: ${errorMessage(e)}`);
          }
        }}
        onCheck={(_keys, info) => onToggle(info.node.fkko.id, info.node.fkko.title, info.checked)}
      />
    </div>
  );
}

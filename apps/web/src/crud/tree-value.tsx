/**
 * A computed value that is a flat list of catalogue rows (tree-rows.ts) shown as the tree it
 * describes; rows marked `selected` (the chosen ФККО codes) are bold, their ancestors grey.
 */
import { Tree, Typography } from 'antd';
import { buildTree, type TreeRow } from './tree-rows';

export { isTreeRows } from './tree-rows';

export function TreeValue({ rows }: { rows: TreeRow[] }) {
  return (
    <Tree
      selectable={false}
      defaultExpandAll
      showLine
      treeData={buildTree(rows, (r) => (r.selected ? <Typography.Text strong>{r.title ?? r.code}</Typography.Text> : <Typography.Text type="secondary">{r.title ?? r.code}</Typography.Text>))}
    />
  );
}

/**
 * «Столбцы»: the list's column chooser — every column the registry offers (contract
 * `columnFields`) with a checkbox, the key columns marked as such, and «Как по умолчанию» back
 * to the key columns. The choice is remembered per user (column-choice.ts).
 */
import { TableOutlined } from '@ant-design/icons';
import { columnFields, keyColumnsOf, type ResourceDef } from '@tko/contract';
import { Button, Checkbox, Popover, Space } from 'antd';
import { useMemo } from 'react';

export interface ColumnChooserProps {
  def: ResourceDef;
  anonymous: boolean;
  shown: string[];
  onChange: (chosen: string[] | null) => void;
}

export function ColumnChooser({ def, anonymous, shown, onChange }: ColumnChooserProps) {
  const options = useMemo(() => {
    const keys = new Set(keyColumnsOf(def, { publicOnly: anonymous }));
    return columnFields(def, { publicOnly: anonymous }).map((k) => ({ value: k, label: keys.has(k) ? `${def.fields[k]!.label} (основной)` : def.fields[k]!.label }));
  }, [def, anonymous]);
  const content = (
    <Space orientation="vertical" style={{ maxHeight: 420, overflowY: 'auto' }}>
      <div role="group" aria-label="Показанные столбцы">
        <Checkbox.Group
          value={shown}
          onChange={(v) => onChange(v.length ? (v as string[]) : shown)}
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          options={options}
        />
      </div>
      <Button size="small" onClick={() => onChange(null)}>
        Как по умолчанию
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="Столбцы списка" content={content}>
      <Button icon={<TableOutlined />}>Столбцы</Button>
    </Popover>
  );
}

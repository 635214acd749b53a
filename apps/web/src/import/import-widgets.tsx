/** Small parts of the import screen: status colours and the template type select. */
import { ImportTemplateType, type ImportFileStatusValue } from '@tko/contract';
import { Select } from 'antd';
import { useImportTemplates } from './use-import';

export const STATUS_COLORS: Record<ImportFileStatusValue, string> = {
  UPLOADED: 'default',
  QUEUED: 'gold',
  PROCESSING: 'processing',
  DONE: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
  ROLLED_BACK: 'default',
};

/**
 * The template types of spec 03 §3 from the server; those whose registry has not arrived yet
 * are shown disabled («появится позже»).
 */
export function TemplateSelect({ id, value, onChange, disabled }: { id: string; value: string | null; onChange: (type: string) => void; disabled?: boolean }) {
  const templates = useImportTemplates();
  const options = (templates.data ?? []).map((t) => ({
    value: t.type,
    label: t.available ? t.label : `${t.label} (появится позже)`,
    disabled: !t.available,
  }));
  return (
    <Select
      id={id}
      aria-label="Тип шаблона"
      style={{ minWidth: 300 }}
      loading={templates.isPending}
      disabled={disabled}
      value={value && value !== 'NONE' ? value : null}
      placeholder={ImportTemplateType.label('NONE')}
      options={options}
      onChange={onChange}
    />
  );
}

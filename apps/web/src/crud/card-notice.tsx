/** A registry's remark above a saved card's tabs (RegistryOverrides.cardNotice), e.g. «Координаты оценены по площадкам — проверьте». */
import type { ResourceDef } from '@tko/contract';
import { Alert } from 'antd';
import { overridesOf } from '../resources/registry-overrides';

export function CardNotice({ def, entity }: { def: ResourceDef; entity: Record<string, unknown> }) {
  const text = overridesOf(def.name).cardNotice?.(entity);
  return text ? <Alert type="warning" showIcon title={text} data-testid="card-notice" style={{ marginBottom: 16 }} /> : null;
}

/**
 * The fields of one card tab: inputs for writable fields, disabled boxes for read-only ones
 * (computed values — derived figures, lists — in a growing text box; a change history as the
 * readable list of history/history-view.tsx; a computed `…_url` holding an app path — a problem's
 * object — as a link to that page).
 */
import type { FieldDef, ResourceDef } from '@tko/contract';
import { Col, Input, Row } from 'antd';
import type { Control } from 'react-hook-form';
import { Link } from 'react-router';
import { FieldInput } from './fields/field-input';
import { FieldItem, inputId } from './fields/field-item';
import { formatFieldValue } from './format';
import type { FormValues } from './form-values';
import { fieldsOfTab } from './tab-fields';
import { isTreeRows, TreeValue } from './tree-value';
import { HistoryEntries, isHistoryItems } from '../history/history-view';
import { parameterEntries } from './history-params';
import { isLockedStateField, lockedStateHelp } from './workflow';

const WIDE = new Set(['longtext', 'address', 'person', 'children', 'refs', 'files']);

/** Wide kinds, and detail-only fields (large nested data such as the ФККО tree), take a full row. */
function span(field: FieldDef) {
  return WIDE.has(field.kind) || field.detailOnly ? { xs: 24 } : { xs: 24, md: 12, xl: 8 };
}

export function CardTab(props: {
  def: ResourceDef;
  tab: string;
  control: Control<FormValues, unknown, FormValues>;
  entity: Record<string, unknown> | null;
  editable: boolean;
}) {
  const { def, tab, control, entity, editable } = props;
  return (
    <Row gutter={[16, 8]}>
      {fieldsOfTab(def, tab).map((name) => {
        const field = def.fields[name]!;
        const readOnly = field.readOnly || !field.write || isLockedStateField(def, name);
        return (
          <Col key={name} {...span(field)}>
            {readOnly ? (
              <FieldItem label={field.label} htmlFor={inputId(name)} help={lockedStateHelp(def, name) ?? field.help}>
                {field.kind === 'computed' && entity && isTreeRows(entity[name]) ? (
                  <TreeValue rows={entity[name]} />
                ) : field.kind === 'computed' && entity && isHistoryItems(entity[name], field.label) ? (
                  <div id={inputId(name)} data-testid={`history-${name}`}>
                    <HistoryEntries def={def} entries={parameterEntries(def, tab, entity[name])} />
                  </div>
                ) : field.kind === 'computed' && name.endsWith('_url') && typeof entity?.[name] === 'string' && entity[name].startsWith('/') ? (
                  <Link id={inputId(name)} to={entity[name]} data-testid={`link-${name}`}>Открыть объект</Link>
                ) : field.kind === 'computed' ? (
                  <Input.TextArea id={inputId(name)} value={entity ? formatFieldValue(field, entity[name]) : ''} disabled autoSize={{ minRows: 1, maxRows: 6 }} placeholder="Вычисляется автоматически" />
                ) : (
                  <Input id={inputId(name)} value={entity ? formatFieldValue(field, entity[name]) : ''} disabled placeholder="Заполняется автоматически" />
                )}
              </FieldItem>
            ) : (
              <FieldInput resource={def.name} name={name} field={field} control={control} disabled={!editable} entity={entity} pointField={def.fields.coordinates?.kind === 'point' && def.fields.coordinates.write ? 'coordinates' : undefined} />
            )}
          </Col>
        );
      })}
    </Row>
  );
}

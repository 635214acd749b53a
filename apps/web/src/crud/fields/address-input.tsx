/** The structured address: eight sub-inputs (region … flat), each with its own error. */
import { ADDRESS_PART_LABELS, type FieldDef } from '@tko/contract';
import { Col, Input, Row, Typography } from 'antd';
import { Controller, type Control } from 'react-hook-form';
import type { FormValues } from '../form-values';
import { FieldItem, inputId } from './field-item';
import { usePathError } from './use-path-error';

const PARTS = Object.keys(ADDRESS_PART_LABELS) as (keyof typeof ADDRESS_PART_LABELS)[];

export function AddressInput({ name, field, control, disabled }: { name: string; field: FieldDef; control: Control<FormValues, unknown, FormValues>; disabled?: boolean }) {
  const groupError = usePathError(control, name);
  return (
    <fieldset style={{ border: 0, margin: '8px 0 0', padding: 0 }}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {field.label}
      </Typography.Text>
      {groupError && <Typography.Text type="danger">{groupError}</Typography.Text>}
      <Row gutter={12}>
        {PARTS.map((part) => {
          const path = `${name}.${part}`;
          return (
            <Col key={part} xs={24} sm={12} lg={part === 'house' || part === 'block' || part === 'flat' ? 4 : 8}>
              <Controller
                control={control}
                name={path}
                render={({ field: f, fieldState }) => (
                  <FieldItem label={ADDRESS_PART_LABELS[part]} htmlFor={inputId(path)} error={fieldState.error?.message}>
                    <Input id={inputId(path)} value={(f.value as string) ?? ''} onChange={f.onChange} onBlur={f.onBlur} disabled={disabled} />
                  </FieldItem>
                )}
              />
            </Col>
          );
        })}
      </Row>
    </fieldset>
  );
}

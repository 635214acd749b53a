/** A contact person: full name, position, phone, e-mail. */
import type { FieldDef } from '@tko/contract';
import { Col, Input, Row, Typography } from 'antd';
import { Controller, type Control } from 'react-hook-form';
import type { FormValues } from '../form-values';
import { FieldItem, inputId } from './field-item';
import { usePathError } from './use-path-error';

const PARTS = [
  { key: 'full_name', label: 'ФИО', type: 'text' },
  { key: 'position', label: 'Должность', type: 'text' },
  { key: 'phone', label: 'Телефон', type: 'tel' },
  { key: 'email', label: 'Электронная почта', type: 'email' },
] as const;

export function PersonInput({ name, field, control, disabled }: { name: string; field: FieldDef; control: Control<FormValues, unknown, FormValues>; disabled?: boolean }) {
  const groupError = usePathError(control, name);
  return (
    <fieldset style={{ border: 0, margin: '8px 0 0', padding: 0 }}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {field.label}
      </Typography.Text>
      {groupError && <Typography.Text type="danger">{groupError}</Typography.Text>}
      <Row gutter={12}>
        {PARTS.map((part) => {
          const path = `${name}.${part.key}`;
          return (
            <Col key={part.key} xs={24} sm={12} lg={6}>
              <Controller
                control={control}
                name={path}
                render={({ field: f, fieldState }) => (
                  <FieldItem label={part.label} htmlFor={inputId(path)} error={fieldState.error?.message}>
                    <Input id={inputId(path)} type={part.type} value={(f.value as string) ?? ''} onChange={f.onChange} onBlur={f.onBlur} disabled={disabled} />
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

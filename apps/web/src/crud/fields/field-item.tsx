/** A labelled form row showing the field's error (from react-hook-form) under the input. */
import { Form } from 'antd';
import type { ReactNode } from 'react';

export function FieldItem(props: { label: ReactNode; htmlFor?: string; required?: boolean; error?: string; help?: string; children: ReactNode }) {
  return (
    <Form.Item
      label={props.label}
      htmlFor={props.htmlFor}
      required={props.required}
      validateStatus={props.error ? 'error' : ''}
      help={props.error ?? props.help}
    >
      {props.children}
    </Form.Item>
  );
}

/** A DOM id for a form path (`containers.0.volume` → `f-containers-0-volume`). */
export function inputId(path: string): string {
  return `f-${path.replace(/\./g, '-')}`;
}

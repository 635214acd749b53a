/**
 * One field of the card bound to react-hook-form by its kind: simple kinds through
 * {@link BareInput}, the address and the person as groups of sub-inputs, the children as a table.
 */
import { coordinatesProblem, parseCoordinatesString, type FieldDef, type RefValue } from '@tko/contract';
import { lazy, Suspense } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { isFact, type FormValues } from '../form-values';
import { AddressInput } from './address-input';
import { BareInput } from './bare-input';
import { ChildrenTable } from './children-table';
import { FieldItem, inputId } from './field-item';
import { PersonInput } from './person-input';
import { LocationInput, LocationWithPoint } from './location-input';
import { firstMessage } from './use-path-error';
import { fieldOptionsResource } from '../../resources/ref-options';

// The small map of a coordinates field (issue 14 §4): its own chunk with maplibre.
const MiniMap = lazy(() => import('../../map/mini-map'));

export interface FieldInputProps {
  /** The registry whose field it is (its overrides: options of a reference, words of child rows). */
  resource?: string;
  name: string;
  field: FieldDef;
  control: Control<FormValues, unknown, FormValues>;
  disabled?: boolean;
  /** The object as read, for names of chosen references. */
  entity?: Record<string, unknown> | null;
  /** The card's point field a chosen address suggestion fills (the `location` field only). */
  pointField?: string;
  /** Prefix of the input's DOM id where another form on the page edits the same field (an action's modal). */
  idPrefix?: string;
}

function knownRefs(field: FieldDef, value: unknown): RefValue[] | undefined {
  if (field.kind === 'ref' && value && typeof value === 'object') return [value as RefValue];
  if (field.kind === 'refs' && Array.isArray(value)) return value as RefValue[];
  return undefined;
}

/** A live hint for 'lat, lng' text that does not parse (the schema repeats it on submit). */
function pointHint(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && !parseCoordinatesString(value) ? coordinatesProblem(value) : undefined;
}

export function FieldInput({ resource, name, field, control, disabled, entity, pointField, idPrefix }: FieldInputProps) {
  if (field.kind === 'address') return <AddressInput name={name} field={field} control={control} disabled={disabled} />;
  if (field.kind === 'person') return <PersonInput name={name} field={field} control={control} disabled={disabled} />;
  if (field.kind === 'children') return <ChildrenTable resource={resource} name={name} field={field} control={control} disabled={disabled} />;

  const id = inputId(idPrefix ? `${idPrefix}.${name}` : name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) => {
        const hint = field.kind === 'point' ? pointHint(f.value) : undefined;
        // A stored key the contract names (an import source): its Russian name under the input.
        const named = field.kind === 'text' && field.display && typeof f.value === 'string' && f.value !== '' ? field.display(f.value) : undefined;
        return (
          <FieldItem
            label={field.kind === 'boolean' && !isFact(field) ? ' ' : field.label}
            htmlFor={id}
            required={field.required}
            error={firstMessage(fieldState.error) ?? hint}
            help={field.kind === 'point' ? 'Широта и долгота через запятую, например 52.546842, 103.870102' : name === 'location' ? (field.help ?? 'Начните вводить адрес — появятся подсказки; выбранная заполнит координаты.') : named && named !== f.value ? named : field.help}
          >
            {name === 'location' && (field.kind === 'text' || field.kind === 'longtext') ? (
              pointField ? (
                <LocationWithPoint id={id} value={(f.value as string) ?? ''} onChange={f.onChange} onBlur={f.onBlur} disabled={disabled} control={control} pointField={pointField} />
              ) : (
                <LocationInput id={id} value={(f.value as string) ?? ''} onChange={f.onChange} onBlur={f.onBlur} disabled={disabled} />
              )
            ) : <BareInput
              field={field}
              id={id}
              value={f.value}
              onChange={f.onChange}
              onBlur={f.onBlur}
              disabled={disabled}
              known={knownRefs(field, entity?.[name])}
              checkboxLabel={field.label}
              refResource={fieldOptionsResource(resource, name, field)}
              secretSet={field.kind === 'secret' ? entity?.[name] === true : undefined}
            />}
            {field.kind === 'point' && !idPrefix && (
              <Suspense fallback={null}>
                <MiniMap value={f.value} onPick={(text) => f.onChange(text)} disabled={disabled} />
              </Suspense>
            )}
          </FieldItem>
        );
      }}
    />
  );
}

/**
 * The address (`location`) of a card with suggestions as you type (issue 7 §8): after 2+
 * characters and a 300 ms pause, `/api/address/suggest/` offers up to 5 addresses; choosing one
 * sets the address and, when the suggestion has a position and the card has a point field,
 * that field's `'lat, lng'` (6 decimals) too. The suggestions: suggest-input.tsx.
 */
import { formatCoordinates, type AddressSuggestion } from '@tko/contract';
import { Input } from 'antd';
import { useController, type Control } from 'react-hook-form';
import { suggestAddresses } from '../../api/address-suggest';
import type { FormValues } from '../form-values';
import { SuggestInput } from './suggest-input';

/** The point to fill from a suggestion, or null when it has none. */
export function suggestionPoint(s: Pick<AddressSuggestion, 'data'>): string | null {
  const { geo_lat: lat, geo_lon: lng } = s.data;
  return typeof lat === 'number' && typeof lng === 'number' ? formatCoordinates({ lat, lng }) : null;
}

export interface LocationInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  /** Called with `'lat, lng'` of a chosen suggestion that has a position. */
  onPoint?: (point: string) => void;
}

/** {@link LocationInput} that fills the card's point field `pointField` from the chosen suggestion. */
export function LocationWithPoint(props: Omit<LocationInputProps, 'onPoint'> & { control: Control<FormValues, unknown, FormValues>; pointField: string }) {
  const { control, pointField, ...rest } = props;
  const point = useController({ control, name: pointField });
  return <LocationInput {...rest} onPoint={(p) => point.field.onChange(p)} />;
}

export function LocationInput({ id, value, onChange, onBlur, disabled, onPoint }: LocationInputProps) {
  return (
    <SuggestInput<AddressSuggestion>
      value={value}
      onChange={onChange}
      disabled={disabled}
      queryKey="address-suggest"
      queryOf={(typed) => (typed.trim().length >= 2 ? typed.trim() : null)}
      search={suggestAddresses}
      toOption={(s) => ({ value: s.value, label: s.value })}
      onPick={(s) => {
        const p = suggestionPoint(s);
        if (p) onPoint?.(p);
      }}
      staleMs={60_000}
    >
      <Input.TextArea id={id} onBlur={onBlur} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="location-input" />
    </SuggestInput>
  );
}

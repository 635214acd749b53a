/**
 * Fields common to every located registry (spec 02 §3 "Common to all registries"): the address
 * (location, structured_address), the point (coordinates, {lat, lng} with 6 decimals, also typed
 * as one 'lat, lng' string, spec 01 §5), the two "needs checking" flags, the data source and a
 * landmark. Each builder returns fresh field objects, so registries never share (and never
 * mutate) one another's descriptions.
 */
import { f } from '../common/fields';
import { importSourceLabel } from '../enums/import-sources';

/** location, structured_address, coordinates. Location and coordinates are required. */
export function addressFields(tab = 'general') {
  return {
    location: f.text('Адрес (местоположение)', { tab, required: true, max: 1000, list: true }),
    structured_address: f.address('Структурированный адрес', { tab }),
    coordinates: f.point('Координаты', { tab, required: true, list: true }),
  };
}

/** location_needs_checking, coordinates_needs_checking, data_import_source, landmark. */
export function checkingFields(tab = 'general') {
  return {
    location_needs_checking: f.boolean('Адрес требует проверки', { tab }),
    coordinates_needs_checking: f.boolean('Координаты требуют проверки', { tab }),
    // Declared sources by their Russian name (enums/import-sources.ts), others as typed.
    data_import_source: f.text('Источник данных', { tab, max: 255, display: importSourceLabel }),
    landmark: f.text('Ориентир', { tab, max: 1000 }),
  };
}

/** Every common field (spec 02 §3), in the specification's order. */
export function commonFields(tab = 'general') {
  return { ...addressFields(tab), ...checkingFields(tab) };
}

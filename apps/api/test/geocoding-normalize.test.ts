/**
 * Russian address normalisation of @tko/geocoding (issue 9 §2): the element types of the ГАР list
 * (приказ Минфина № 171н) in their canonical short form, house numbers with корпус / строение /
 * литера, «№», «ё», Latin look-alikes, and the split into settlement / street / house of
 * addresses as registries write them. Pure functions: no database.
 */
import { describe, expect, it } from 'vitest';
import { ELEMENT_TYPES, normalizeAddress, normalizeHouse, parseAddress, parseStreet } from '@tko/geocoding';

describe('normalizeAddress', () => {
  it.each([
    ['улица Ленина, дом 5', 'ул. ленина, д. 5'],
    ['ул.Ленина, д.5', 'ул. ленина, д. 5'],
    ['Невский проспект, дом № 28', 'невский пр-кт, д. 28'],
    ['Невский пр-т 28', 'невский пр-кт 28'],
    ['Невский просп. 28', 'невский пр-кт 28'],
    ['7 микрорайон, д. 12', '7 мкр., д. 12'],
    ['7 мкрн 12', '7 мкр. 12'],
    ['85 квартал, 7', '85 кв-л, 7'],
    ['85 квл, 7', '85 кв-л, 7'],
    ['пер. Гривцова, 4 корпус 2 строение 1', 'пер. гривцова, 4 к. 2 стр. 1'],
    ['Набережная реки Мойки', 'наб. реки мойки'],
    ['Чернышёвский проезд', 'чернышевский пр-д'],
    ['Тверской бульвар', 'тверской б-р'],
    ['посёлок Мегет', 'п. мегет'],
    ['Heвский пр, 28A', 'невский пр-кт, 28а'],
  ])('%s → %s', (input, out) => {
    expect(normalizeAddress(input)).toBe(out);
  });

  it('has every canonical short form once, from the ГАР list', () => {
    const canon = ELEMENT_TYPES.map(([c]) => c);
    expect(new Set(canon).size).toBe(canon.length);
    expect(canon).toEqual(expect.arrayContaining(['ул.', 'пр-кт', 'пер.', 'мкр.', 'кв-л', 'д.', 'к.', 'стр.', 'г.', 'п.']));
  });
});

describe('normalizeHouse', () => {
  it.each([
    ['28', '28'], ['28 к. 2', '28к2'], ['28 корпус 2', '28к2'], ['28к2', '28к2'], ['28 корп.2', '28к2'],
    ['28 стр. 1', '28с1'], ['28 строение 1', '28с1'], ['28 лит. А', '28а'], ['28А', '28а'], ['28A', '28а'],
    ['16/14', '16/14'], ['д. 5', '5'], ['№ 5', '5'], ['39 литД', '39д'], ['18-20 литЗ', '18-20з'], ['13-15/50', '13-15/50'],
  ])('%s → %s', (input, out) => {
    expect(normalizeHouse(input)).toBe(out);
  });
});

describe('parseStreet (OSM addr:street)', () => {
  it.each([
    ['Невский проспект', 'невский', 'пр-кт'],
    ['улица Жуковского', 'жуковского', 'ул.'],
    ['Караванная улица', 'караванная', 'ул.'],
    ['набережная реки Фонтанки', 'реки фонтанки', 'наб.'],
    ['1-ая Красноармейская улица', '1-я красноармейская', 'ул.'],
    ['Перинная линия', 'перинная', 'линия'],
    // A street named by a type word: the type word in full is the name.
    ['Набережная улица', 'набережная', 'ул.'],
    ['улица Набережная', 'набережная', 'ул.'],
    ['Площадь проезд', 'площадь', 'пр-д'],
  ])('%s → %s (%s)', (input, name, type) => {
    expect(parseStreet(input)).toEqual({ name, type });
  });
});

describe('parseAddress (registry text)', () => {
  it.each([
    ['ул. Жердева,56', { settlement: null, street: 'жердева', streetType: 'ул.', house: '56' }],
    ['113 мкр.д.13', { settlement: null, street: '113', streetType: 'мкр.', house: '13' }],
    ['г. Санкт-Петербург, Невский проспект, дом № 28', { settlement: 'санкт-петербург', street: 'невский', streetType: 'пр-кт', house: '28' }],
    ['Невский пр. 28 корп. 2', { settlement: null, street: 'невский', streetType: 'пр-кт', house: '28к2' }],
    ['665830, Иркутская обл., г. Ангарск, кв-л 85, д. 7, кв. 12', { settlement: 'ангарск', street: '85', streetType: 'кв-л', house: '7' }],
    ['Ангарск, 7 мкрн, д 12 стр 1', { settlement: 'ангарск', street: '7', streetType: 'мкр.', house: '12с1' }],
    ['ул Садовая 16/14', { settlement: null, street: 'садовая', streetType: 'ул.', house: '16/14' }],
    ['Итальянская 25', { settlement: null, street: 'итальянская', streetType: null, house: '25' }],
    ['Heвский пр-т, 28A', { settlement: null, street: 'невский', streetType: 'пр-кт', house: '28а' }],
    // The корпус glued to its number after a space (OSM's «28-30 к21»): never dropped (it named house 28-30 / 5).
    ['ул. Садовая, д. 28-30 к21', { settlement: null, street: 'садовая', streetType: 'ул.', house: '28-30к21' }],
    ['ул. Садовая, д. 5 к2', { settlement: null, street: 'садовая', streetType: 'ул.', house: '5к2' }],
    ['пер. Гривцова, 4а стр1', { settlement: null, street: 'гривцова', streetType: 'пер.', house: '4ас1' }],
    // A comma between the house and its корпус / строение / литера (ГАР's «д. 5, корп. 2»): kept with the house.
    ['Садовая ул., д. 28-30, корп. 21', { settlement: null, street: 'садовая', streetType: 'ул.', house: '28-30к21' }],
    ['ул. Садовая, д.5, стр.1, кв. 3', { settlement: null, street: 'садовая', streetType: 'ул.', house: '5с1' }],
    ['Невский пр., д. 30, литера Б', { settlement: null, street: 'невский', streetType: 'пр-кт', house: '30б' }],
    ['Невский пр., д. 30 литера Б', { settlement: null, street: 'невский', streetType: 'пр-кт', house: '30б' }],
    // Landmarks, floors and entrances name no house (their numbers were taken for one: a wrong building).
    ['ул. Мира, 5 (во дворе дома 7)', { settlement: null, street: 'мира', streetType: 'ул.', house: '5' }],
    ['СПб, Невский пр., д.46 (у торца)', { settlement: 'спб', street: 'невский', streetType: 'пр-кт', house: '46' }],
    ['ул. Мира, 5 у подъезда 3', { settlement: null, street: 'мира', streetType: 'ул.', house: '5' }],
    ['Садовая ул. 20, 2 этаж', { settlement: null, street: 'садовая', streetType: 'ул.', house: '20' }],
    ['г. Ангарск, ул. Набережная, д. 41', { settlement: 'ангарск', street: 'набережная', streetType: 'ул.', house: '41' }],
    ['Набережная ул., 41', { settlement: null, street: 'набережная', streetType: 'ул.', house: '41' }],
    // A second address in parentheses: the one outside first, never a mix of the two («47 кв-л, 41»).
    ['Ангарск, 47 квл, 60 (ул. Набережная, 41)', { settlement: 'ангарск', street: '47', streetType: 'кв-л', house: '60' }],
    ['Ангарск, 47 квартал (ул. Набережная, 41)', { settlement: 'ангарск', street: 'набережная', streetType: 'ул.', house: '41' }],
    ['ул. Садовая, 28, кв. 5', { settlement: null, street: 'садовая', streetType: 'ул.', house: '28' }],
  ])('%s', (input, parsed) => {
    expect(parseAddress(input)).toEqual(parsed);
  });
});

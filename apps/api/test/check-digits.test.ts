/**
 * Check digits and formats of Russian identifiers (packages/contract/src/validation), as pure
 * functions: real public numbers pass (ПАО Сбербанк, ПАО «Газпром», Банк ВТБ), the same numbers
 * with one digit changed fail, with the Russian message the API and the web form show.
 */
import { describe, expect, it } from 'vitest';
import {
  classifierControlNumber, isValidEmail, isValidInn10, isValidInn12, isValidKpp, isValidOgrn, isValidOgrnip,
  isValidOkpo, isValidPassportNumber, isValidPhone, validateInnOrganisation, validateInnPerson, validateKpp,
  validateOgrn, validateOgrnip, validateOkpo, validateOkved2, validateOktmo,
} from '@tko/contract';

/** The number with its digit at `i` replaced by the next digit (mod 10). */
const spoil = (s: string, i: number) => s.slice(0, i) + String((Number(s[i]) + 1) % 10) + s.slice(i + 1);

describe('ИНН', () => {
  it('accepts real 10-digit ИНН of organisations', () => {
    for (const inn of ['7707083893', '7736050003', '7702070139']) expect(isValidInn10(inn), inn).toBe(true);
    expect(validateInnOrganisation('7707083893')).toBeNull();
  });

  it('rejects a 10-digit ИНН with any digit changed', () => {
    for (let i = 0; i < 10; i++) expect(isValidInn10(spoil('7707083893', i)), `digit ${i}`).toBe(false);
    expect(validateInnOrganisation('7707083894')).toBe('Неверный ИНН: не сходится контрольное число.');
  });

  it('accepts a 12-digit personal ИНН and checks both check digits', () => {
    expect(isValidInn12('500100732259')).toBe(true);
    expect(isValidInn12('500100732250')).toBe(false);
    expect(isValidInn12('500100732219')).toBe(false);
    expect(validateInnPerson('500100732259')).toBeNull();
  });

  it('tells organisations and persons apart by length, with Russian messages', () => {
    expect(validateInnOrganisation('500100732259')).toBe('ИНН юридического лица состоит из 10 цифр.');
    expect(validateInnPerson('7707083893')).toBe('ИНН физического лица или индивидуального предпринимателя состоит из 12 цифр.');
    expect(validateInnOrganisation('77070838ab')).toMatch(/10 цифр/);
  });
});

describe('КПП', () => {
  it('accepts 4 digits, 2 digits or capital Latin letters, 3 digits', () => {
    for (const kpp of ['773601001', '7736AB001', '770201001']) expect(isValidKpp(kpp), kpp).toBe(true);
  });

  it('rejects other shapes', () => {
    for (const kpp of ['77360100', '7736010011', '7736ab001', '7736АБ001', 'A73601001']) expect(isValidKpp(kpp), kpp).toBe(false);
    expect(validateKpp('77360100')).toMatch(/^КПП состоит из 9 символов/);
  });
});

describe('ОГРН and ОГРНИП', () => {
  it('accepts real ОГРН: (first 12 digits mod 11) mod 10 is the 13th', () => {
    for (const ogrn of ['1027700132195', '1027700070518', '1027739609391']) expect(isValidOgrn(ogrn), ogrn).toBe(true);
    expect(validateOgrn('1027700132195')).toBeNull();
  });

  it('rejects an ОГРН with a changed digit or a wrong length', () => {
    for (let i = 0; i < 13; i++) expect(isValidOgrn(spoil('1027700132195', i)), `digit ${i}`).toBe(false);
    expect(validateOgrn('1027700132196')).toBe('Неверный ОГРН: не сходится контрольное число.');
    expect(validateOgrn('102770013219')).toBe('ОГРН состоит из 13 цифр.');
  });

  it('accepts an ОГРНИП: (first 14 digits mod 13) mod 10 is the 15th', () => {
    expect(isValidOgrnip('304500116000157')).toBe(true);
    expect(validateOgrnip('304500116000158')).toBe('Неверный ОГРНИП: не сходится контрольное число.');
    expect(validateOgrnip('1027700132195')).toBe('ОГРНИП состоит из 15 цифр.');
  });
});

describe('classifier codes: ОКПО, ОКТМО, ОКВЭД 2', () => {
  it('computes the control number of ОКТМО as Rosstat publishes it (column KC)', () => {
    // "01";"601";"000";"000";"3" — Алейский муниципальный район; "01";"601";"402";"101";"9" — п Алейский.
    expect(classifierControlNumber('01601000')).toBe(3);
    expect(classifierControlNumber('01601402101')).toBe(9);
  });

  it('checks the ОКПО control digit (Сбербанк 00032537)', () => {
    expect(isValidOkpo('00032537')).toBe(true);
    expect(isValidOkpo('00032538')).toBe(false);
    expect(validateOkpo('0003253')).toMatch(/8 цифр/);
    expect(validateOkpo('00032538')).toBe('Неверный код ОКПО: не сходится контрольное число.');
  });

  it('accepts 8- or 11-digit ОКТМО and the ОКВЭД 2 code shapes', () => {
    expect(validateOktmo('01601000')).toBeNull();
    expect(validateOktmo('01601402101')).toBeNull();
    expect(validateOktmo('0160100')).toMatch(/8 цифр/);
    for (const c of ['38', '38.1', '38.11', '38.11.1', '38.11.11']) expect(validateOkved2(c), c).toBeNull();
    for (const c of ['3', '38.111', '38,11', '38.11.111']) expect(validateOkved2(c), c).not.toBeNull();
  });
});

describe('contacts and passport', () => {
  it('phones: digits with spaces, brackets, hyphens and a leading +, 5–15 digits, an extension', () => {
    for (const p of ['+7 (3852) 20-12-34', '8 913 000-00-00', '2-11-45', '+7 385 520 12 34 доб. 12']) expect(isValidPhone(p), p).toBe(true);
    for (const p of ['телефон', '12-34', '+7 (3852) 20-12-34-56-78-90', '7+3852']) expect(isValidPhone(p), p).toBe(false);
  });

  it('e-mails and passport numbers', () => {
    expect(isValidEmail('info@example.ru')).toBe(true);
    for (const e of ['info@', 'info example.ru', 'info@example', '@example.ru']) expect(isValidEmail(e), e).toBe(false);
    expect(isValidPassportNumber('0104 123456')).toBe(true);
    expect(isValidPassportNumber('0104123456')).toBe(true);
    expect(isValidPassportNumber('0104 12345')).toBe(false);
  });
});

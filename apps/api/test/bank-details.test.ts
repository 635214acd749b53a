/**
 * БИК and account keys (packages/contract/src/validation/bank.ts; «Порядок расчёта контрольного
 * ключа в номере лицевого счёта», Положение Банка России № 579-П) against published requisites:
 * the correspondent accounts of four banks as the Bank of Russia's БИК directory lists them,
 * settlement accounts printed on bills, and the Federal Treasury's Moscow requisites (ЕКС and a
 * казначейский счёт). Every account with one digit changed must fail.
 */
import { describe, expect, it } from 'vitest';
import { accountKeyValid, bikKind, checkBankDetails, validateAccount, validateBik } from '@tko/contract';

/** [БИК, к/с] of ПАО Сбербанк, Банк ВТБ, АО «Альфа-Банк», АО «ТБанк» (справочник БИК). */
const BANKS: [string, string][] = [
  ['044525225', '30101810400000000225'],
  ['044525187', '30101810700000000187'],
  ['044525593', '30101810200000000593'],
  ['044525974', '30101810145250000974'],
];
/** [БИК, р/с] printed on bills: ПАО Сбербанк, АО «Райффайзенбанк», a Moscow bank. */
const SETTLEMENT: [string, string][] = [
  ['044525225', '40702810238720001420'],
  ['044525700', '40702810800001400002'],
  ['044525104', '40702810713500000456'],
];
/** УФК по г. Москве: БИК of ГУ Банка России по ЦФО//УФК, ЕКС, казначейский счёт. */
const TREASURY = { bik: '004525988', correspondent_account: '40102810545370000003', settlement_account: '03100643000000017300' };

/** `acc` with its digit `i` changed by +1 (mod 10). */
const flip = (acc: string, i: number) => acc.slice(0, i) + String((Number(acc[i]) + 1) % 10) + acc.slice(i + 1);

describe('bank details', () => {
  it('accepts the published correspondent accounts and refuses each with a digit changed', () => {
    for (const [bik, ks] of BANKS) {
      expect(checkBankDetails({ bik, correspondent_account: ks }), bik).toEqual({});
      expect(accountKeyValid(`0${bik.slice(4, 6)}`, ks)).toBe(true);
      for (let i = 5; i < 17; i++) expect(accountKeyValid(`0${bik.slice(4, 6)}`, flip(ks, i)), `${ks} #${i}`).toBe(false);
    }
  });

  it('accepts the published settlement accounts and refuses each with a digit changed', () => {
    for (const [bik, rs] of SETTLEMENT) {
      expect(checkBankDetails({ bik, settlement_account: rs }), rs).toEqual({});
      for (let i = 0; i < 20; i++) {
        expect(checkBankDetails({ bik, settlement_account: flip(rs, i) }), `${rs} #${i}`).toEqual({
          settlement_account: 'Расчётный счёт не соответствует БИК: не сходится контрольный ключ (Положение Банка России № 579-П).',
        });
      }
    }
    // The right account under another bank's БИК.
    expect(Object.keys(checkBankDetails({ bik: '044525700', settlement_account: SETTLEMENT[0]![1] }))).toEqual(['settlement_account']);
  });

  it('checks a treasury body’s ЕКС by «0» + the БИК’s 5th–6th digits and leaves the treasury account to its form', () => {
    expect(bikKind(TREASURY.bik)).toBe('treasury');
    expect(checkBankDetails(TREASURY)).toEqual({});
    expect(Object.keys(checkBankDetails({ ...TREASURY, correspondent_account: flip(TREASURY.correspondent_account, 19) }))).toEqual(['correspondent_account']);
    expect(checkBankDetails({ ...TREASURY, correspondent_account: BANKS[0]![1] }).correspondent_account).toMatch(/единый казначейский счёт/);
  });

  it('ties a bank’s к/с to its БИК and needs a БИК for any account', () => {
    expect(checkBankDetails({ bik: '044525187', correspondent_account: '30101810400000000225' }).correspondent_account).toMatch(/тремя последними цифрами БИК \(187\)/);
    expect(checkBankDetails({ settlement_account: SETTLEMENT[0]![1] })).toEqual({ bik: 'Укажите БИК банка: без него номер счёта не проверить.' });
    expect(checkBankDetails({})).toEqual({});
    expect(bikKind('044525000')).toBe('cbr');
    expect(checkBankDetails({ bik: '044525000', correspondent_account: BANKS[0]![1] }).correspondent_account).toMatch(/нет корреспондентского счёта/);
  });

  it('checks the form: 9-digit БИК beginning with 04, 00 or 01; 20-digit accounts', () => {
    for (const ok of ['044525225', '004525988', '010173001']) expect(validateBik(ok)).toBeNull();
    for (const bad of ['44525225', '0445252250', '144525225', '03452522x']) expect(validateBik(bad), bad).toMatch(/^БИК состоит из 9 цифр/);
    expect(validateAccount('40702810238720001420')).toBeNull();
    for (const bad of ['4070281023872000142', '407028102387200014200', '4070281023872000142O']) expect(validateAccount(bad)).toBe('Номер счёта состоит из 20 цифр.');
  });
});

/**
 * Bank details of a Russian party: БИК, расчётный счёт, корреспондентский счёт.
 *
 * - БИК: 9 digits (Положение Банка России от 24.05.2021 № 763-П, справочник БИК): a credit
 *   organisation's begins with «04» and ends with 050…999; «04…000…049» is a division of the Bank
 *   of Russia; a territorial body of the Federal Treasury (ТОФК, since 01.01.2021) begins with «00»
 *   or «01».
 * - A 20-digit account carries a check key in its 9th digit. The key is checked over 23 digits —
 *   a 3-digit conditional number of the bank followed by the account — with the weights 7, 1, 3
 *   repeated: the sum of the lowest digits of the products ends with 0 («Порядок расчёта
 *   контрольного ключа в номере лицевого счёта», приложение к Положению Банка России от
 *   27.02.2017 № 579-П). The conditional number is the БИК's last 3 digits for an account in a
 *   credit organisation, «0» + the БИК's 5th–6th digits for a correspondent account and for an
 *   account in a division of the Bank of Russia or in a ТОФК (there, the единый казначейский
 *   счёт 40102… stands in the correspondent-account field).
 * - A credit organisation's correspondent account is 30101… and ends with the БИК's last 3 digits.
 * - A treasury account (казначейский счёт, 03…) opened in a ТОФК carries no key of that
 *   algorithm: only its 20 digits are checked.
 */

export const BANK_MSG = {
  bik: 'БИК состоит из 9 цифр и начинается с «04» (банк) или «00», «01» (орган Федерального казначейства).',
  account: 'Номер счёта состоит из 20 цифр.',
  needBik: 'Укажите БИК банка: без него номер счёта не проверить.',
  settlementKey: 'Расчётный счёт не соответствует БИК: не сходится контрольный ключ (Положение Банка России № 579-П).',
  correspondentKey: 'Корреспондентский счёт не соответствует БИК: не сходится контрольный ключ (Положение Банка России № 579-П).',
  correspondentOfBank: (tail: string) => `Корреспондентский счёт банка начинается с 30101 и оканчивается тремя последними цифрами БИК (${tail}).`,
  correspondentOfTreasury: 'Для органа Федерального казначейства в поле корреспондентского счёта указывается единый казначейский счёт (40102…).',
  correspondentOfCbr: 'У подразделения Банка России нет корреспондентского счёта: оставьте поле пустым.',
} as const;

const BIK_RE = /^0[014]\d{7}$/;
const ACCOUNT_RE = /^\d{20}$/;
const WEIGHTS = [7, 1, 3] as const;

/** Who a БИК belongs to (module comment); null for a malformed one. */
export function bikKind(bik: string): 'bank' | 'cbr' | 'treasury' | null {
  if (!BIK_RE.test(bik)) return null;
  if (bik.startsWith('04')) return Number(bik.slice(6)) >= 50 ? 'bank' : 'cbr';
  return 'treasury';
}

/** True when the 23 digits `conditional` (3) + `account` (20) satisfy the key (module comment). */
export function accountKeyValid(conditional: string, account: string): boolean {
  const digits = conditional + account;
  if (!/^\d{23}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 23; i++) sum += (Number(digits[i]) * WEIGHTS[i % 3]!) % 10;
  return sum % 10 === 0;
}

/** Validator of a БИК's form: a Russian message, or null. */
export function validateBik(value: string): string | null {
  return BIK_RE.test(value) ? null : BANK_MSG.bik;
}

/** Validator of an account number's form (20 digits): a Russian message, or null. */
export function validateAccount(value: string): string | null {
  return ACCOUNT_RE.test(value) ? null : BANK_MSG.account;
}

/** The bank-detail fields of a row, by the column names of the legal-entity registries. */
export interface BankDetails {
  bik?: unknown;
  settlement_account?: unknown;
  correspondent_account?: unknown;
}

const filled = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * Cross-field rule: the accounts agree with the БИК (module comment). Returns Russian messages
 * by field (settlement_account, correspondent_account, bik); {} when all agree or a field's own
 * form is wrong (its validator reports that). An account without a БИК is refused: unknown is
 * not compliant.
 */
export function checkBankDetails(v: BankDetails): Record<string, string> {
  const out: Record<string, string> = {};
  const rs = filled(v.settlement_account) && ACCOUNT_RE.test(v.settlement_account) ? v.settlement_account : null;
  const ks = filled(v.correspondent_account) && ACCOUNT_RE.test(v.correspondent_account) ? v.correspondent_account : null;
  if (!filled(v.bik)) {
    if (rs || ks) out.bik = BANK_MSG.needBik;
    return out;
  }
  const bik = v.bik;
  const kind = bikKind(bik);
  if (!kind) return out;
  const rkc = `0${bik.slice(4, 6)}`;
  if (ks) {
    if (kind === 'bank' && !(ks.startsWith('30101') && ks.endsWith(bik.slice(6)))) out.correspondent_account = BANK_MSG.correspondentOfBank(bik.slice(6));
    else if (kind === 'treasury' && !ks.startsWith('40102')) out.correspondent_account = BANK_MSG.correspondentOfTreasury;
    else if (kind === 'cbr') out.correspondent_account = BANK_MSG.correspondentOfCbr;
    else if (!accountKeyValid(rkc, ks)) out.correspondent_account = BANK_MSG.correspondentKey;
  }
  if (rs && !(kind === 'treasury' && rs.startsWith('03'))) {
    if (!accountKeyValid(kind === 'bank' ? bik.slice(6) : rkc, rs)) out.settlement_account = BANK_MSG.settlementKey;
  }
  return out;
}

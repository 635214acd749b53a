/**
 * Russian working days and the contract's life cycle (ПП РФ № 1156 п. 8(5)–8(17); ТК РФ ст. 112)
 * against dates counted by hand on the calendar. Pure functions: no database.
 */
import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay } from '@tko/db';
import { lifeCycle } from '../src/modules/contracts/life-cycle';
import { nameGenitive, positionGenitive } from '../src/modules/contracts/declension';

describe('working days (ТК РФ ст. 111–112)', () => {
  it('skips weekends and the public holidays, a weekend holiday moved to Monday', () => {
    expect(isWorkingDay('2026-03-06')).toBe(true); // Friday
    expect(isWorkingDay('2026-03-07')).toBe(false); // Saturday
    expect(isWorkingDay('2026-03-09')).toBe(false); // 8 March fell on a Sunday
    expect(isWorkingDay('2026-03-10')).toBe(true); // …moved once, not twice
    expect(isWorkingDay('2026-01-05')).toBe(false); // новогодние каникулы
    expect(isWorkingDay('2026-06-12')).toBe(false); // День России
    expect(isWorkingDay('2026-05-11')).toBe(false); // 9 May fell on a Saturday (ст. 112 ч. 2)
    expect(isWorkingDay('2026-11-05')).toBe(true);
    // 2026-12-25 (Fri) + 15: 28–31 Dec (4), 1–8 Jan holidays, 9–10 Jan weekend, 11–15 Jan (9), 18–22 Jan (14), 25 Jan (15).
    expect(addWorkingDays('2026-12-25', 15)).toBe('2027-01-25');
    // 2026-04-27 (Mon) + 15: 28–30 Apr (3), 1 May holiday, 4–8 May (8), 11 May off for 9 May, 12–15 May (12), 18–20 May (15).
    expect(addWorkingDays('2026-04-27', 15)).toBe('2026-05-20');
  });
});

describe('life cycle (ПП РФ № 1156)', () => {
  const none = { application_date: null, draft_sent_date: null, signing_date: null, offer_published_date: null };
  it('dates the draft deadline and flags it overdue', () => {
    const waiting = lifeCycle({ ...none, application_date: '2026-04-27' }, '2026-05-20');
    expect(waiting).toMatchObject({ state: 'APPLICATION', draft_deadline: '2026-05-20', draft_overdue: false });
    expect(lifeCycle({ ...none, application_date: '2026-04-27' }, '2026-05-21')).toMatchObject({ draft_overdue: true });
    expect(lifeCycle({ ...none, application_date: '2026-04-27', draft_sent_date: '2026-05-21' }, '2026-05-22'))
      .toMatchObject({ state: 'DRAFT_SENT', draft_overdue: true });
    expect(lifeCycle({ ...none, application_date: '2026-04-27', draft_sent_date: '2026-05-18', signing_date: '2026-06-01' }, '2026-07-01'))
      .toMatchObject({ state: 'SIGNED', draft_overdue: false, state_label: 'Договор подписан' });
  });
  it('concludes on the public offer’s terms on the 16th working day after its publication', () => {
    // 2026-04-27 + 16 working days = 2026-05-21.
    expect(lifeCycle({ ...none, offer_published_date: '2026-04-27' }, '2026-05-20')).toMatchObject({ state: 'OFFER_PUBLISHED', offer_concluded_date: '2026-05-21' });
    expect(lifeCycle({ ...none, offer_published_date: '2026-04-27' }, '2026-05-21')).toMatchObject({ state: 'CONCLUDED_BY_OFFER' });
    expect(lifeCycle({ ...none, offer_published_date: '2026-04-27', signing_date: '2026-05-05' }, '2026-06-01')).toMatchObject({ state: 'SIGNED' });
  });
});

describe('declension for «в лице …» (genitive)', () => {
  it('declines names (lvovich) and positions', () => {
    expect(nameGenitive('Петров Пётр Петрович')).toBe('Петрова Петра Петровича');
    expect(nameGenitive('Иванова Анна Сергеевна')).toBe('Ивановой Анны Сергеевны');
    expect(nameGenitive('Петров П. П.')).toBe('Петрова П. П.');
    expect(positionGenitive('Генеральный директор')).toBe('генерального директора');
    expect(positionGenitive('Управляющий')).toBe('управляющего');
    expect(positionGenitive('Председатель правления')).toBe('председателя правления');
    expect(positionGenitive('Глава')).toBe('главы');
    expect(positionGenitive('Индивидуальный предприниматель')).toBe('индивидуального предпринимателя');
  });
});

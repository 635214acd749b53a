/**
 * @tko/mail: the settings every process reads (defaults, a bad number named in Russian), the
 * overdue-appeal template, and the one-place rule — no source outside packages/mail/src/mailer.ts
 * imports nodemailer (every process sends through this Mailer).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMailSettings, renderTemplate } from '../src/index';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    if (n === 'node_modules' || n === 'dist' || n === 'generated') return [];
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

describe('readMailSettings', () => {
  it('defaults: no SMTP (null), the product From, 5 / 20 per hour', () => {
    expect(readMailSettings({})).toEqual({
      smtpUrl: null, from: 'Реестр ТКО <noreply@localhost>', rateLimit: { perAccount: 5, perAddress: 20, windowSeconds: 3600 },
    });
  });
  it('reads the variables; an empty SMTP_URL is none', () => {
    const s = readMailSettings({ SMTP_URL: 'smtp://u:p@mail.example:587', MAIL_FROM: 'ТКО <a@b.ru>', MAIL_LIMIT_PER_ACCOUNT: '7' });
    expect(s).toMatchObject({ smtpUrl: 'smtp://u:p@mail.example:587', from: 'ТКО <a@b.ru>', rateLimit: { perAccount: 7 } });
    expect(readMailSettings({ SMTP_URL: '' }).smtpUrl).toBeNull();
  });
  it('a bad number is named in Russian', () => {
    expect(() => readMailSettings({ MAIL_LIMIT_WINDOW_SECONDS: 'час' })).toThrow('MAIL_LIMIT_WINDOW_SECONDS должно быть целым положительным числом, получено «час».');
  });
});

describe('appeal-overdue template', () => {
  it('names the appeal in the subject and escapes the HTML part', () => {
    const m = renderTemplate('appeal-overdue', { name: 'Петров Иван', number: 42, text: 'Обращение № 42 <срочно>', link: 'https://tko.example/appeals/update/42/' });
    expect(m.subject).toBe('Обращение № 42 не отвечено в срок');
    expect(m.text).toBe('Здравствуйте, Петров Иван!\n\nОбращение № 42 <срочно>\n\nКарточка обращения:\nhttps://tko.example/appeals/update/42/\n\n— Реестр ТКО');
    expect(m.html).toContain('Обращение № 42 &lt;срочно&gt;');
  });
});

describe('one mail sender', () => {
  it('nodemailer is imported by packages/mail/src/mailer.ts only', () => {
    const all = ['apps', 'packages', 'bench'].flatMap((d) => sourceFiles(path.join(ROOT, d)));
    const users = all.filter((f) => /from ['"]nodemailer['"]/.test(readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f));
    expect(users).toEqual(['packages/mail/src/mailer.ts']);
  });
});

/**
 * Russian e-mail templates (issue 14 §3): each a function of its data giving the subject, the
 * plain text and an HTML part. Values are HTML-escaped in the HTML part. Hours of validity are
 * the configured link lifetime (PASSWORD_LINK_TTL_SECONDS).
 */
export interface MailTemplate {
  subject: string;
  text: string;
  html: string;
}

interface LinkData {
  /** The person's name as the product writes it everywhere («Петров Иван», else the e-mail: domain writerName). */
  name: string;
  link: string;
  /** Minutes the link works. */
  minutes: number;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const hello = (name: string) => (name.trim() ? `Здравствуйте, ${name.trim()}!` : 'Здравствуйте!');
const validity = (m: number) => (m % 60 === 0 ? `${m / 60} ч` : `${m} мин`);

function linkMessage(subject: string, intro: string, d: LinkData, outro: string): MailTemplate {
  const text = `${hello(d.name)}\n\n${intro}\n\n${d.link}\n\nСсылка действует ${validity(d.minutes)} и только один раз.\n${outro}\n\n— Реестр ТКО`;
  const html = `<p>${esc(hello(d.name))}</p><p>${esc(intro)}</p><p><a href="${esc(d.link)}">${esc(d.link)}</a></p>`
    + `<p>Ссылка действует ${esc(validity(d.minutes))} и только один раз.<br>${esc(outro)}</p><p>— Реестр ТКО</p>`;
  return { subject, text, html };
}

const TEMPLATES = {
  registration: (d: LinkData) => linkMessage('Регистрация в реестре ТКО',
    'Для вас создана учётная запись в реестре ТКО. Чтобы завершить регистрацию, задайте пароль по ссылке:', d,
    'Если вы не регистрировались, просто удалите это письмо.'),
  reset: (d: LinkData) => linkMessage('Восстановление пароля в реестре ТКО',
    'Мы получили запрос на смену пароля вашей учётной записи. Задайте новый пароль по ссылке:', d,
    'Если вы не запрашивали смену пароля, удалите это письмо: пароль останется прежним.'),
  'already-registered': (d: { name: string; restoreLink: string }): MailTemplate => {
    const intro = 'На этот адрес уже зарегистрирована учётная запись в реестре ТКО. Если вы забыли пароль, восстановите его:';
    return {
      subject: 'Регистрация в реестре ТКО',
      text: `${hello(d.name)}\n\n${intro}\n\n${d.restoreLink}\n\n— Реестр ТКО`,
      html: `<p>${esc(hello(d.name))}</p><p>${esc(intro)}</p><p><a href="${esc(d.restoreLink)}">${esc(d.restoreLink)}</a></p><p>— Реестр ТКО</p>`,
    };
  },
  /** A report workflow notice (issue 13 §5): the notification template's text, already rendered. */
  'report-notice': (d: { name: string; text: string; link: string }): MailTemplate => ({
    subject: 'Отчётность: уведомление',
    text: `${hello(d.name)}\n\n${d.text}\n\n${d.link}\n\n— Реестр ТКО`,
    html: `<p>${esc(hello(d.name))}</p><p>${esc(d.text)}</p><p><a href="${esc(d.link)}">${esc(d.link)}</a></p><p>— Реестр ТКО</p>`,
  }),
  /**
   * A reply to a citizen's appeal (docs/DECISIONS.md «Replies reach the author by e-mail»): the
   * appeal's number, the reply's text and the link to the public page where the author reads the
   * dialog and answers (days it works).
   */
  'appeal-reply': (d: { name: string; number: number; text: string; link: string; days: number }): MailTemplate => {
    const intro = `На ваше обращение № ${d.number} дан ответ:`;
    const outro = `Прочитать переписку и ответить можно по ссылке (действует ${d.days} дн., вход не нужен):`;
    return {
      subject: `Ответ на обращение № ${d.number}`,
      text: `${hello(d.name)}\n\n${intro}\n\n${d.text}\n\n${outro}\n${d.link}\n\n— Региональный оператор по обращению с ТКО`,
      html: `<p>${esc(hello(d.name))}</p><p>${esc(intro)}</p><blockquote style="white-space:pre-wrap">${esc(d.text)}</blockquote>`
        + `<p>${esc(outro)}<br><a href="${esc(d.link)}">${esc(d.link)}</a></p><p>— Региональный оператор по обращению с ТКО</p>`,
    };
  },
  /**
   * A new link to an appeal's dialog, asked for on its page (docs/DECISIONS.md «Single-use appeal
   * links»: a link opens in one browser).
   */
  'appeal-link': (d: { name: string; number: number; link: string; days: number }): MailTemplate => {
    const intro = `Новая ссылка на переписку по обращению № ${d.number} (действует ${d.days} дн., открывается в одном браузере, вход не нужен):`;
    const outro = 'Если вы не запрашивали ссылку, просто удалите это письмо.';
    return {
      subject: `Ссылка на обращение № ${d.number}`,
      text: `${hello(d.name)}\n\n${intro}\n${d.link}\n\n${outro}\n\n— Региональный оператор по обращению с ТКО`,
      html: `<p>${esc(hello(d.name))}</p><p>${esc(intro)}<br><a href="${esc(d.link)}">${esc(d.link)}</a></p><p>${esc(outro)}</p><p>— Региональный оператор по обращению с ТКО</p>`,
    };
  },
  /**
   * An appeal not answered in its term, to its staff (issue 25 §2; @tko/db appeals/overdue-notices.ts):
   * the notice's text (the same as in the notification centre) and the link to the appeal's card.
   */
  'appeal-overdue': (d: { name: string; number: number; text: string; link: string }): MailTemplate => ({
    subject: `Обращение № ${d.number} не отвечено в срок`,
    text: `${hello(d.name)}\n\n${d.text}\n\nКарточка обращения:\n${d.link}\n\n— Реестр ТКО`,
    html: `<p>${esc(hello(d.name))}</p><p>${esc(d.text)}</p><p>Карточка обращения:<br><a href="${esc(d.link)}">${esc(d.link)}</a></p><p>— Реестр ТКО</p>`,
  }),
} satisfies Record<string, (d: never) => MailTemplate>;

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateData<N extends TemplateName> = Parameters<(typeof TEMPLATES)[N]>[0];

/** The message of template `name`. */
export function renderTemplate<N extends TemplateName>(name: N, data: TemplateData<N>): MailTemplate {
  return (TEMPLATES[name] as (d: TemplateData<N>) => MailTemplate)(data);
}

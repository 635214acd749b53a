/**
 * The appeal's card and dialog as standalone HTML pages (UTF-8, no scripts) for its zip
 * (issue 11 §4: «the appeal, its dialog as a PDF or HTML file»). Every value is escaped.
 */
import type { AppealMessage } from '@tko/contract';
import { appealResource } from '@tko/contract';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A field's value as text: enum labels, {id, name} links by name, points as «lat, lng», files by name. */
function text(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  const fd = appealResource.fields[key as keyof typeof appealResource.fields];
  if (fd?.enum && typeof v === 'string') return fd.enum.label(v);
  if (typeof v === 'boolean') return v ? 'да' : 'нет';
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' && 'name' in x ? String((x as { name: unknown }).name) : String(x))).join(', ') || '—';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('lat' in o && 'lng' in o) return `${String(o.lat)}, ${String(o.lng)}`;
    if ('name' in o) return String(o.name);
    return JSON.stringify(o);
  }
  return String(v);
}

function page(title: string, body: string): string {
  return `<!doctype html>\n<html lang="ru"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}th{text-align:left;vertical-align:top;padding-right:1em}
.msg{border-bottom:1px solid #ccc;padding:.5em 0}.meta{color:#555;font-size:.9em}</style></head>
<body>${body}</body></html>\n`;
}

/** The card: every field of the appeal with its Russian label. */
export function appealHtml(row: Record<string, unknown>): string {
  const rows = Object.entries(appealResource.fields)
    .map(([k, fd]) => `<tr><th>${esc(fd.label)}</th><td>${esc(text(k, row[k])).replace(/\n/g, '<br>')}</td></tr>`)
    .join('\n');
  return page(`Обращение № ${String(row.id)}`, `<h1>Обращение № ${esc(String(row.id))}</h1>\n<table>\n${rows}\n</table>`);
}

/** The dialog: each message with its author, time (UTC, ISO) and files. */
export function dialogHtml(appealId: number, messages: AppealMessage[]): string {
  const items = messages.map((m) => `<div class="msg"><div class="meta">${esc(m.author_name)} · ${esc(m.created_at)}</div>
<p>${esc(m.text).replace(/\n/g, '<br>')}</p>${m.files.length ? `<div class="meta">Файлы: ${m.files.map((f) => esc(f.name)).join(', ')}</div>` : ''}</div>`);
  return page(`Диалог по обращению № ${appealId}`, `<h1>Диалог по обращению № ${appealId}</h1>\n${items.join('\n') || '<p>Сообщений нет.</p>'}`);
}

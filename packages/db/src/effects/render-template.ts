/**
 * Notification templates' text (issue 13 §5): `{{name}}` placeholders (letters, digits, `_`,
 * optional spaces inside the braces) replaced by the values given; an unknown placeholder becomes
 * an empty string, a value is never interpreted again (no nested expansion, no code). For the
 * HTML part of an e-mail every value is HTML-escaped (`escape: 'html'`); the notification centre
 * shows plain text (the web renders it as text, never as HTML).
 */
const PLACEHOLDER = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `s` safe inside HTML text and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML[c]!);
}

/** `template` with its placeholders replaced by `values` (escaped for HTML when asked). */
export function renderTemplate(template: string, values: Record<string, string | number | null | undefined>, escape: 'none' | 'html' = 'none'): string {
  return template.replace(PLACEHOLDER, (_, key: string) => {
    const v = Object.prototype.hasOwnProperty.call(values, key) ? values[key] : undefined;
    const text = v === null || v === undefined ? '' : String(v);
    return escape === 'html' ? escapeHtml(text) : text;
  });
}

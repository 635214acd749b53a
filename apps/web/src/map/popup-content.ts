/** The DOM of a site's popup: address, status, kind, containers and a link to its page. */
import { featureLabels } from './map-style';

export interface PopupData {
  id: number | null;
  location: string;
  status: unknown;
  kind: unknown;
  type: unknown;
  countContainers: unknown;
  /** Page to open, or null when there is none for this visitor. */
  href: string | null;
}

function row(parent: HTMLElement, label: string, value: string) {
  const div = document.createElement('div');
  const b = document.createElement('span');
  b.style.color = '#666';
  b.textContent = `${label}: `;
  div.append(b, document.createTextNode(value));
  parent.appendChild(div);
}

/** Builds the popup; `onOpen` is called with the link target (router navigation, no reload). */
export function popupContent(d: PopupData, onOpen: (href: string) => void): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('data-testid', 'map-popup');
  root.style.minWidth = '220px';
  const title = document.createElement('div');
  title.style.fontWeight = '600';
  title.style.marginBottom = '4px';
  title.textContent = d.location || (d.id !== null ? `Площадка № ${d.id}` : 'Площадка');
  root.appendChild(title);
  row(root, 'Вид', featureLabels.kind(d.kind) || '—');
  row(root, 'Статус', featureLabels.status(d.status) || '—');
  if (d.type) row(root, 'Тип', featureLabels.type(d.type));
  row(root, 'Контейнеров', d.countContainers == null ? '—' : String(d.countContainers));
  if (d.href) {
    const a = document.createElement('a');
    a.href = d.href;
    a.textContent = 'Открыть карточку';
    a.style.display = 'inline-block';
    a.style.marginTop = '6px';
    const href = d.href;
    a.addEventListener('click', (e) => {
      e.preventDefault();
      onOpen(href);
    });
    root.appendChild(a);
  }
  return root;
}

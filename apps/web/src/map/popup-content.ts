/** The DOM of a feature's popup: title, layer, status, details and a link to its page. */
import { featureLabels } from './map-style';

export interface PopupData {
  id: number | null;
  /** Address or name. */
  title: string;
  /** The layer's label (e.g. «Контейнерная площадка»). */
  layer: string;
  /** Status label, '' when unknown. */
  status: string;
  /** A waste area's site type code (undefined for other layers). */
  type?: unknown;
  /** Containers of a waste area (undefined for other layers). */
  countContainers?: unknown;
  /** Address under a name (facilities), '' when the title is the address. */
  location?: string;
  /** Page to open, or null when there is none for this visitor. */
  href: string | null;
  /** The public appeal form about this site (waste areas; every visitor), undefined for other layers. */
  appealHref?: string;
  /** A remark shown in red under the details (an estimated point: «Координаты оценены — проверьте»). */
  warning?: string;
  /** Other objects drawn at the same point (e.g. a problem about the site): «Здесь же» links. */
  also?: { title: string; href: string | null }[];
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
  title.textContent = d.title;
  root.appendChild(title);
  row(root, 'Слой', d.layer);
  if (d.location) row(root, 'Адрес', d.location);
  row(root, 'Статус', d.status || '—');
  if (d.type) row(root, 'Тип', featureLabels.type(d.type));
  if (d.countContainers !== undefined) row(root, 'Контейнеров', d.countContainers == null ? '—' : String(d.countContainers));
  if (d.warning) {
    const w = document.createElement('div');
    w.setAttribute('data-testid', 'map-popup-warning');
    w.style.color = '#d4380d';
    w.textContent = d.warning;
    root.appendChild(w);
  }
  if (d.href) {
    const a = link(d.href, 'Открыть карточку', onOpen);
    a.style.display = 'inline-block';
    a.style.marginTop = '6px';
    root.appendChild(a);
  }
  if (d.appealHref) {
    const a = link(d.appealHref, 'Сообщить о проблеме', onOpen);
    a.setAttribute('data-testid', 'map-popup-appeal');
    a.style.display = 'block';
    a.style.marginTop = '6px';
    root.appendChild(a);
  }
  if (d.also?.length) {
    const box = document.createElement('div');
    box.setAttribute('data-testid', 'map-popup-also');
    box.style.marginTop = '6px';
    box.appendChild(document.createTextNode('Здесь же: '));
    d.also.forEach((o, i) => {
      if (i) box.appendChild(document.createTextNode('; '));
      box.appendChild(o.href ? link(o.href, o.title, onOpen) : document.createTextNode(o.title));
    });
    root.appendChild(box);
  }
  return root;
}

/** A link opened by `onOpen` (router navigation, no reload). */
function link(href: string, text: string, onOpen: (href: string) => void): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  a.addEventListener('click', (e) => {
    e.preventDefault();
    onOpen(href);
  });
  return a;
}

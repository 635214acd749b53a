/** The container-site registry in the web app (spec 01 §2). */
import { containerResource, type ResourceDef } from '@tko/contract';
import type { WebResource } from './web-resource';

export const containerWeb: WebResource = {
  def: containerResource as unknown as ResourceDef,
  emptyText: 'Площадок не найдено. Измените фильтры или создайте площадку.',
  aggregateLabels: { count_containers: 'контейнеров' },
  createdText: 'Площадка создана',
  savedText: 'Изменения площадки сохранены',
  deletedText: 'Площадка удалена',
  deleteConfirm: 'Удалить площадку? Действие нельзя отменить.',
};

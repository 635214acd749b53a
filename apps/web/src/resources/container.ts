/** Texts of the container-site registry in the web app (spec 01 §2). */
import type { WebTexts } from './web-resource';

export const containerTexts: Partial<WebTexts> = {
  emptyText: 'Площадок не найдено. Измените фильтры или создайте площадку.',
  aggregateLabels: { count_containers: 'контейнеров' },
  createdText: 'Площадка создана',
  savedText: 'Изменения площадки сохранены',
  deletedText: 'Площадка удалена',
  deleteConfirm: 'Удалить площадку? Действие нельзя отменить.',
};

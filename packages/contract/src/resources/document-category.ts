/**
 * Documents (issue 11 §5; spec 03 §3 «Document category»: name, attachments; §7 «Documents»):
 * a category of documents with its files, `/api/documents/` (permission resource 'documents').
 * `GET /api/documents/{id}/get-zip` (no trailing slash, as the spec writes it; routes/documents.ts)
 * streams every attachment of the category in one zip.
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';

export const documentCategoryResource = defineResource({
  name: 'documents',
  section: 'Документы',
  rowScope: { internal: 'the operator’s document categories and their files' },
  label: 'Документы',
  labelOne: 'Категория документов',
  path: '/api/documents/',
  webPath: '/documents/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    name: f.text('Наименование', { required: true, max: 500, list: true }),
    description: f.longtext('Описание'),
    attachments: f.files('Файлы', 'any'),
    created_at: f.datetime('Создано', { readOnly: true, list: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['name'], label: 'Поиск' },
  },
  ordering: ['id', 'name', 'created_at'],
  defaultOrdering: 'name',
  titleField: 'name',
  example: { name: 'Территориальная схема обращения с отходами', description: 'Утверждённая схема и изменения к ней' },
});

/**
 * Russian validation messages and the zod configuration that produces them.
 * The wording follows Django REST Framework's Russian locale, which the original API's
 * integrators already see ("Обязательное поле.", "Введите правильное число." ...).
 */
import { z } from 'zod';

export const MSG = {
  required: 'Обязательное поле.',
  notNull: 'Это поле не может быть пустым.',
  blank: 'Это поле не может быть пустым.',
  number: 'Введите правильное число.',
  integer: 'Введите правильное целое число.',
  boolean: 'Должно быть логическим значением.',
  date: 'Неправильный формат даты. Используйте формат ГГГГ-ММ-ДД.',
  datetime: 'Неправильный формат даты и времени.',
  dateOrDateTime: 'Неправильный формат даты. Используйте формат ГГГГ-ММ-ДД или ГГГГ-ММ-ДДTЧЧ:ММ:СС.',
  time: 'Неправильный формат времени. Используйте формат ЧЧ:ММ.',
  choice: (v: unknown) => `Значения ${JSON.stringify(v)} нет среди допустимых вариантов.`,
  list: 'Ожидался список элементов.',
  maxItems: (n: number) => `Не более ${n} элементов в списке.`,
  object: 'Ожидался объект.',
  maxLength: (n: number) => `Убедитесь, что это значение содержит не более ${n} символов.`,
  min: (n: number | bigint) => `Убедитесь, что это значение больше либо равно ${n}.`,
  max: (n: number | bigint) => `Убедитесь, что это значение меньше либо равно ${n}.`,
  coordinates: 'Введите широту и долготу через запятую, например «52.546842, 103.870102».',
  latitude: 'Широта должна быть числом от -90 до 90.',
  longitude: 'Долгота должна быть числом от -180 до 180.',
  unknownParam: 'Неизвестный параметр.',
  ordering: (v: string) => `Сортировка по «${v}» недоступна.`,
  page: 'Неправильная страница.',
  notAuthenticated: 'Учетные данные не были предоставлены.',
  tokenInvalid: 'Токен недействителен или просрочен.',
  badCredentials: 'Не найдено активной учетной записи с указанными данными.',
  forbidden: 'У вас недостаточно прав для выполнения данного действия.',
  notFound: 'Страница не найдена.',
  methodNotAllowed: 'Метод не разрешён.',
  unsupportedMedia: 'Неподдерживаемый тип данных в запросе.',
  malformedJson: 'Неправильный JSON в теле запроса.',
  /** PostgreSQL text cannot hold U+0000 (input sanitiser, apps/api plugins/input-sanitiser.ts). */
  nulChar: 'Строка не может содержать нулевой символ.',
  /** A UTF-16 surrogate without its pair: no UTF-8 form, so no text column can keep it. */
  loneSurrogate: 'Строка содержит недопустимый символ (непарный суррогат UTF-16).',
  /** An id outside PostgreSQL's integer (1 … 2 147 483 647). */
  pk: 'Неправильный тип. Ожидался первичный ключ.',
  pkNotFound: (id: unknown) => `Недопустимый первичный ключ «${String(id)}» — объект не существует.`,
  badRequest: 'Неправильный запрос.',
  malformedMultipart: 'Неправильный запрос multipart/form-data: тело повреждено или обрезано.',
  bodyRequired: 'Тело запроса отсутствует.',
  serverError: 'Внутренняя ошибка сервера.',
  unavailable: 'Сервис временно недоступен.',
} as const;

let configured = false;

/**
 * Makes zod speak Russian (DRF wording for the common cases, zod's `ru` locale for the rest).
 * Called once on import of the contract; safe to call again.
 */
export function configureRussianMessages(): void {
  if (configured) return;
  configured = true;
  const ru = z.locales.ru();
  const fallback = ru.localeError;
  z.config({
    localeError: (issue) => {
      switch (issue.code) {
        case 'invalid_type':
          if (issue.input === undefined) return MSG.required;
          if (issue.input === null) return MSG.notNull;
          if (issue.expected === 'number') return MSG.number;
          if (issue.expected === 'int') return MSG.integer;
          if (issue.expected === 'boolean') return MSG.boolean;
          if (issue.expected === 'array') return MSG.list;
          if (issue.expected === 'object') return MSG.object;
          break;
        case 'invalid_value':
          if (issue.input === undefined) return MSG.required;
          if (issue.input === null) return MSG.notNull;
          return MSG.choice(issue.input);
        case 'too_big':
          if (issue.origin === 'string') return MSG.maxLength(Number(issue.maximum));
          if (issue.origin === 'number' || issue.origin === 'int') return MSG.max(issue.maximum as number);
          if (issue.origin === 'array') return MSG.maxItems(Number(issue.maximum));
          break;
        case 'too_small':
          if (issue.origin === 'string' && Number(issue.minimum) === 1) return MSG.blank;
          if (issue.origin === 'number' || issue.origin === 'int') return MSG.min(issue.minimum as number);
          break;
        case 'unrecognized_keys':
          return MSG.unknownParam;
        default:
          break;
      }
      return fallback(issue);
    },
  });
}

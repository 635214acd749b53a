/**
 * Errors of API calls. The server answers in Django REST Framework's shapes
 * (`{detail}` for 401/403/404, `{field: [messages], non_field_errors}` for 400); an
 * {@link ApiError} keeps the status and the body so pages and forms can show them in Russian.
 */

export type ErrorBody = Record<string, unknown> | null;

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server did not answer (network failure). */
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(describeError(status, body));
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }

  /** A 400 body: field path → messages. */
  get fieldErrors(): Record<string, string[]> {
    return this.status === 400 ? validationMessages(this.body) : {};
  }
}

/** The body's `{field: [...]}` entries as lists of strings (DRF sometimes sends one string). */
export function validationMessages(body: ErrorBody): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!body) return out;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'detail' || key === 'code' || key === 'request_id') continue;
    if (Array.isArray(value)) out[key] = value.map(String);
    else if (typeof value === 'string') out[key] = [value];
  }
  return out;
}

/** One Russian sentence for a toast or an error page. */
export function describeError(status: number, body: ErrorBody): string {
  const detail = body && typeof body.detail === 'string' ? body.detail : null;
  if (detail) return detail;
  if (status === 0) return 'Нет связи с сервером. Проверьте подключение к сети и повторите попытку.';
  if (status === 400) {
    const nonField = body?.non_field_errors;
    if (Array.isArray(nonField) && nonField.length) return nonField.map(String).join(' ');
    // The server's own words when it names the problem (an action's «В графике нет транспортных
    // средств…»); a card shows these at their fields and says «Исправьте отмеченные поля».
    const said = [...new Set(Object.values(validationMessages(body)).flat())];
    if (said.length && said.length <= 3) return said.join(' ');
    return 'Проверьте правильность заполнения полей.';
  }
  if (status === 401) return 'Требуется вход в систему.';
  if (status === 403) return 'Недостаточно прав для выполнения действия.';
  if (status === 404) return 'Объект не найден.';
  if (status >= 500) return 'Ошибка сервера. Повторите попытку позже.';
  return `Запрос не выполнен (код ${status}).`;
}

/** Russian message of any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Неизвестная ошибка.';
}

/**
 * Errors the registry repository throws. The API turns them into DRF-shaped answers
 * (docs/ARCHITECTURE.md "Errors"): FieldValidationError → 400 `{field: [messages]}`.
 */
export class FieldValidationError extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('validation failed');
    this.name = 'FieldValidationError';
  }

  /** One message on one field. */
  static of(field: string, message: string): FieldValidationError {
    return new FieldValidationError({ [field]: [message] });
  }
}

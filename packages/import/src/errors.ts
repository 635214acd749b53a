/**
 * Errors of the import package. {@link ImportInputError}: the client's file or request is
 * unusable (the API answers 400 with the Russian message, on `field` when given).
 * {@link ImportCancelled}: the run saw the cancel flag and rolled back.
 */
export class ImportInputError extends Error {
  constructor(
    message: string,
    /** The request field the message belongs to (e.g. 'file', 'column_mapping.Lat'). */
    readonly field: string = 'non_field_errors',
  ) {
    super(message);
    this.name = 'ImportInputError';
  }
}

export class ImportCancelled extends Error {
  constructor() {
    super('import cancelled');
    this.name = 'ImportCancelled';
  }
}

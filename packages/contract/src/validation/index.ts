/**
 * Pure validators of Russian identifiers and contacts, shared by the contract (text fields'
 * `validate` option), the API and the web form. Each `validateX(value)` returns a Russian
 * message or null; each `isValidX(value)` a boolean.
 */
export * from './inn';
export * from './kpp';
export * from './ogrn';
export * from './classifier-codes';
export * from './contacts';
export * from './plate';
export * from './bank';

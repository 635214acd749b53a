/** Report forms as data (issue 13 §1): field definitions, the zod builder, the shipped kinds. */
export * from './field-def';
export * from './save-format';
export * from './build-schema';
export * from './kinds';
export * from './checks';

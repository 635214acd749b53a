/** Russian working days (ТК РФ ст. 112) and the deadlines counted in them. */
export * from './working-days';
export * from './appeal-deadline';

/**
 * Values the global setup hands to test workers through vitest's provide/inject
 * (https://vitest.dev/config/provide): the admin URL of the test server and the name of the
 * migrated template database.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** URL able to CREATE/DROP DATABASE on the test server. */
    tkoDbAdminUrl: string;
    /** Migrated database every test database is copied from. */
    tkoDbTemplate: string;
  }
}

export {};

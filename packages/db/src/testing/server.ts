/**
 * The PostgreSQL + PostGIS server of a test run: DATABASE_URL when set (an admin URL able to
 * CREATE DATABASE and CREATE EXTENSION), otherwise a `postgis/postgis:15-3.4` container started
 * with testcontainers when a Docker engine is reachable.
 */

/** Image started when DATABASE_URL is not set. */
export const TEST_POSTGIS_IMAGE = 'postgis/postgis:15-3.4';

export interface TestServer {
  adminUrl: string;
  /** Stops the container (no-op for DATABASE_URL). */
  stop(): Promise<void>;
}

/** Finds or starts the server. Throws an explanatory error when neither is available. */
export async function startTestServer(): Promise<TestServer> {
  const url = process.env.DATABASE_URL;
  if (url) return { adminUrl: url, stop: async () => {} };
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer(TEST_POSTGIS_IMAGE).start();
    return { adminUrl: container.getConnectionUri(), stop: async () => { await container.stop(); } };
  } catch (err) {
    throw new Error(
      'Тестам нужна PostgreSQL 15 с PostGIS. Задайте DATABASE_URL (пользователь с правом CREATE DATABASE и ' +
      `CREATE EXTENSION, например postgresql://postgres@127.0.0.1:5432/postgres) или запустите Docker для ${TEST_POSTGIS_IMAGE}. ` +
      `Причина: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
}

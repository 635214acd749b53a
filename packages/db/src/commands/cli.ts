/**
 * Shared plumbing of the package's command-line scripts: the DATABASE_URL they read and one
 * way to finish (exit code 0 on success, 1 with a message on stderr on failure).
 */

/** DATABASE_URL from the environment; throws a readable error when it is missing. */
export function databaseUrlFromEnv(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('переменная DATABASE_URL не задана (например postgresql://postgres@127.0.0.1:5432/tko)');
  return url;
}

/**
 * Runs `main` and exits the process: with the code it returns (default 0), or with 1 after
 * printing the error when it throws.
 */
export function runCommand(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (err: unknown) => {
      console.error(`Ошибка: ${err instanceof Error ? err.message : String(err)}`);
      if (process.env.DEBUG && err instanceof Error) console.error(err.stack);
      process.exit(1);
    },
  );
}

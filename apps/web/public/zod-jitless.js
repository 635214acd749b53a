/*
 * Runs before the app's modules (a classic script in index.html). The page is served under a
 * CSP without 'unsafe-eval' (issue 8 §5, apps/api src/plugins/security-headers.ts); zod 4
 * otherwise probes `new Function` when it builds its first object schema, which the browser
 * reports as a CSP violation. zod reads this global config object; jitless parses the same,
 * only without compiled fast paths.
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

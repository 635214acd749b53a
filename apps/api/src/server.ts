/**
 * Starts the API (and the built web app) on HOST:PORT: one process when API_WORKERS /
 * WEB_CONCURRENCY is 1 (always in tests), otherwise a node:cluster primary that runs that many
 * API processes on the same port and restarts any that dies (process/cluster.ts). Each API
 * process is process/serve.ts.
 */
import cluster from 'node:cluster';
import { apiProcessCount, runPrimary } from './process/cluster';
import { serveApi } from './process/serve';

const count = cluster.isPrimary ? apiProcessCount() : 1;
if (cluster.isPrimary && count > 1) runPrimary(count);
else await serveApi();

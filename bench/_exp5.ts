import { createPool, RegistryRepository } from '@tko/db';
import { benchUrl } from './src/env';
import { CONTAINER } from './src/list-cases';
const pool = createPool(benchUrl(), { max: 2 });
const m0 = process.memoryUsage();
const t = performance.now();
let n = 0; let maxHeap = 0; let maxExt = 0; let maxAB = 0;
for await (const rows of new RegistryRepository(pool, CONTAINER).stream({})) { n += rows.length; const m = process.memoryUsage(); maxHeap = Math.max(maxHeap, m.heapUsed); maxExt = Math.max(maxExt, m.external); maxAB = Math.max(maxAB, m.arrayBuffers); }
const mb = (x: number) => Math.round(x / 1048576);
console.log({ n, ms: Math.round(performance.now() - t), rss0: mb(m0.rss), heap0: mb(m0.heapUsed), maxHeap: mb(maxHeap), maxExt: mb(maxExt), maxAB: mb(maxAB), maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) });
await pool.end();

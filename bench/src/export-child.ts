/**
 * Child process of the xlsx measure (run alone, so its peak RSS is the export's): streams
 * every container site with the domain's repository (createDomain → registries) .stream() — as the
 * API's export and the worker's export job do, no
 * filters, default ordering — through writeXlsx() into the file given as argv[2], then
 * prints one JSON line: rows, ms (wall), cpuMs (user + system CPU of the export: robust when the
 * machine is loaded), rssBeforeKb (after start-up), maxRssKb (peak, whole life).
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { createDomain, createPool } from '@tko/db';
import { writeXlsx } from '@tko/xlsx';
import { benchUrl } from './env';
import { CONTAINER } from './list-cases';

const target = process.argv[2];
if (!target) throw new Error('usage: export-child.ts <out.xlsx>');
const pool = createPool(benchUrl(), { max: 2 });
// Built before the measure starts: the export's time and memory, not the runtime's start-up.
const repo = createDomain({ pool }).registries.repo(CONTAINER);
const rssBeforeKb = Math.round(process.memoryUsage().rss / 1024);
const started = performance.now();
const cpu0 = process.cpuUsage();
const out = createWriteStream(target);
const rows = await writeXlsx(CONTAINER, repo.stream({}), out);
await finished(out);
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
await pool.end();
console.log(JSON.stringify({ rows, ms, cpuMs, rssBeforeKb, maxRssKb: process.resourceUsage().maxRSS }));

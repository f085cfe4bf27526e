// Preloaded into each benchmarked CLI process (`node --import`): on exit, writes the process's peak
// resident set size in kilobytes to the file named by SPECSITE_BENCH_RSS.
import { writeFileSync } from 'node:fs';

const target = process.env.SPECSITE_BENCH_RSS;
if (target) process.on('exit', () => writeFileSync(target, String(process.resourceUsage().maxRSS)));

// Preloaded into each benchmarked CLI process (`node --import`): on exit, writes the process's peak
// resident set size in kilobytes and its CPU seconds (user + system, all its threads) to the file
// named by SPECSITE_BENCH_RSS, separated by a space.
import { writeFileSync } from 'node:fs';

const target = process.env.SPECSITE_BENCH_RSS;
if (target)
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(target, `${usage.maxRSS} ${(usage.userCPUTime + usage.systemCPUTime) / 1e6}`);
  });

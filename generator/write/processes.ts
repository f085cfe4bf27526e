import { readFileSync } from 'node:fs';

/**
 * When a process started, as the kernel counts it (Linux: clock ticks since boot, field 22 of
 * /proc/PID/stat); undefined elsewhere. With the pid it names one process for good: a pid that a
 * later process reuses has another start.
 */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the process `pid` (started at `start`, when known) still runs. */
export function isRunning(pid: number, start?: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (start === undefined) return true;
  const now = processStart(pid);
  return now === undefined || now === start;
}

export const OWN_START = processStart(process.pid);

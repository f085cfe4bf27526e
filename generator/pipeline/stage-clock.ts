import { performance } from 'node:perf_hooks';

/**
 * The build's stages as build-report.json names them. The checks and types start in `contracts`
 * (on a second thread when the contracts are large) and are awaited in `checks-and-types`, once the
 * site is rendered; `reference` is what changed between versions and the reference's pages.
 */
export const BUILD_STAGES = [
  'config',
  'contracts',
  'reference',
  'content',
  'client',
  'render',
  'checks-and-types',
  'markdown',
  'search',
  'write',
] as const;
export type BuildStage = (typeof BUILD_STAGES)[number];

/**
 * One stage's figures: its milliseconds, the resident memory when it ended and the process's peak
 * until then (MB). A stage whose `peakMb` is above the one before's raised the build's peak; the
 * second thread's memory counts in the process's (issue 45: the peak per stage).
 */
export type StageFigures = { stage: BuildStage; ms: number; rssMb: number; peakMb: number };

/** Times each stage it runs, in the order run, and tells `onStage` as each starts (a progress line). */
export class StageClock {
  readonly started = performance.now();
  readonly stages: StageFigures[] = [];

  /** Time spent on a stage ahead of its turn (`early`), added to the stage's own when it comes. */
  private readonly ahead = new Map<BuildStage, number>();

  constructor(private readonly onStage?: (stage: BuildStage, index: number) => void) {}

  async timed<T>(stage: BuildStage, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    this.onStage?.(stage, BUILD_STAGES.indexOf(stage));
    try {
      return await work();
    } finally {
      const ms = round(performance.now() - start + (this.ahead.get(stage) ?? 0));
      // maxRSS is in kilobytes; both figures are one system call each, once per stage.
      const memory = {
        rssMb: round(process.memoryUsage.rss() / 2 ** 20),
        peakMb: round(process.resourceUsage().maxRSS / 1024),
      };
      this.stages.push({ stage, ms, ...memory });
    }
  }

  /**
   * Part of a stage done before its turn (the Markdown twins are started before rendering, so that a
   * second thread prints them meanwhile): its time counts in the stage's entry, which keeps its place.
   */
  async early<T>(stage: BuildStage, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.ahead.set(stage, (this.ahead.get(stage) ?? 0) + performance.now() - start);
    }
  }

  get totalMs(): number {
    return round(performance.now() - this.started);
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { BuildOptions, BuildReport } from '../pipeline.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { StagingFolder } from '../write/replace-folders.js';
import { OutputError } from '../write/output-error.js';
import type { LeftPages } from '../pipeline/site-output.js';
import type { LastOutput } from '../write/last-output.js';
import { buildStart, lastBuild, recordBuild, type BuildStart } from './build-record.js';

export { BUILD_STAGES, type BuildStage } from '../pipeline/stage-clock.js';
export type { BuildOptions, BuildReport, SiteOutput, SiteParts } from '../pipeline.js';

export interface BuildResult {
  diagnostics: Diagnostic[];
  /** Present when the site was written. */
  report: BuildReport | undefined;
  /** Number of files written under the output folder. */
  written: number;
  /** Nothing was built: the output folder already held the build of these sources and options (its report is the one returned). */
  unchanged: boolean;
}

/** What a build writes in the output folder: a previous build's entry that this one has not (schemas/ of a site without APIs) goes. */
export const OUTPUT_ENTRIES = ['build-report.json', 'mcp', 'schemas', 'site', 'types'];

/**
 * `specsite build`: the pipeline (`compileSite`). Nothing is written unless every stage succeeded
 * (and, with `strict`, without warnings); then `DIR/site`, `DIR/types`, `DIR/schemas` and
 * `DIR/build-report.json` replace the previous ones in one swap. A folder that already holds the
 * build of these sources and options, untouched since, is left as it is (`unchangedBuild`).
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const { unchanged, last } = await lastBuild(options, OUTPUT_ENTRIES);
  if (unchanged) return { diagnostics: unchanged.diagnostics, report: unchanged.report, written: 0, unchanged: true };
  try {
    const staging = await StagingFolder.open(resolve(options.out));
    return await buildInto(staging, options, buildStart(options, staging.openedAt), last);
  } catch (error) {
    // The disk under the output folder (full, read-only, a file in the way): one line, and out/ as it was.
    if (error instanceof OutputError)
      return { diagnostics: [error.diagnostic], report: undefined, written: 0, unchanged: false };
    throw error;
  }
}

async function buildInto(
  staging: StagingFolder,
  options: BuildOptions,
  started: BuildStart | undefined,
  last: LastOutput,
): Promise<BuildResult> {
  try {
    // Pages go to the staging folder as they are rendered, so a large site is never all in memory.
    // The pipeline's modules (most of specsite) are loaded only for a build that has something to do.
    const { compileSite } = await import('../pipeline.js');
    let streamed = 0;
    const left: LeftPages = {
      page: (path, key) => last.page(path, key),
      link: async ({ page, entry }) => {
        const linked = await staging.reuse(page.path, entry);
        if (linked) streamed++;
        return linked;
      },
      read: (path) => readFile(staging.staged(path), 'utf8'),
    };
    const output = await compileSite(
      options,
      (path, content) => {
        streamed++;
        return staging.write(path, content);
      },
      left,
    );
    if (!output.files) return { diagnostics: output.diagnostics, report: undefined, written: 0, unchanged: false };
    await staging.writeAll(output.files);
    await staging.commit(OUTPUT_ENTRIES);
    // Only after a build that got through every stage: one that stopped early read only part of what it needs.
    await Promise.all([output.parts?.cache.pruneUnused(), recordBuild(options, output, OUTPUT_ENTRIES, started)]);
    return {
      diagnostics: output.diagnostics,
      report: output.report,
      written: output.files.size + streamed,
      unchanged: false,
    };
  } finally {
    await staging.discard();
  }
}

import { kib } from '../../client/budget.js';
import type { BuildResult } from '../../commands/build.js';
import type { GlobalOptions } from '../../pipeline/options.js';
import { largestApiPage } from '../../render/page-weight.js';
import { withGitDatesOption, type GitDatesFlag } from './git-dates-option.js';
import type { CliCommand } from './host.js';

export const build: CliCommand = (program, host) => {
  withGitDatesOption(
    program
      .command('build')
      .description(
        'Build the whole site into DIR/site (plus DIR/types, DIR/schemas and DIR/build-report.json); nothing is replaced unless the build succeeds. When DIR/ is untouched since the last build and nothing it is built from has changed (config, content, contracts, options, specsite itself), nothing is rebuilt (--no-cache always builds).',
      ),
  ).action(async (flags: GitDatesFlag) => {
    const options = host.options();
    // A progress line only for a person watching a terminal; CI logs and redirected output stay quiet.
    const progress = options.format === 'text' && process.stderr.isTTY === true && !process.env.CI;
    // Each command loads its own modules when it runs: a build need not load the diff, dev or types code.
    const { build, BUILD_STAGES } = await import('../../commands/build.js');
    const result = await build({
      ...options,
      gitDates: flags.gitDates,
      onStage: progress
        ? (stage, index) => host.io.stderr(`${CLEAR_LINE}[${index + 1}/${BUILD_STAGES.length}] ${stage}…`)
        : undefined,
    });
    if (progress) host.io.stderr(CLEAR_LINE);
    host.report(result.diagnostics, options, summary(result, options));
  });
};

/** Back to the start of the terminal's line, and the line cleared: the progress line is written over. */
const CLEAR_LINE = '\r\x1b[K';

/** The line after the build's problems: what it made, its JavaScript and search index, its largest API page. */
function summary(result: BuildResult, options: GlobalOptions): string {
  const { report } = result;
  if (!report) return `build failed; ${options.out}/ was left as it was`;
  // The fragments of long reference pages are files of their page, and the redirects of moved
  // reference pages stand for pages that are elsewhere now: neither is a page a reader lands on.
  const fragments = report.pages.filter((p) => p.kind === 'api-part').length;
  const redirects = report.pages.filter((p) => p.kind === 'api-redirect').length;
  const pages = `${report.pages.length - fragments - redirects} pages`;
  const parts = [
    fragments > 0 ? `${fragments} fragments of long API pages` : '',
    redirects > 0 ? `${redirects} redirects from moved API pages` : '',
  ].filter((part) => part !== '');
  const extra = parts.length > 0 ? `, with ${parts.join(' and ')}` : '';
  const done = result.unchanged
    ? `${options.out}/site is up to date: nothing it is built from has changed since it was built (${pages}${extra})`
    : `built ${pages} into ${options.out}/site${extra} in ${Math.round(report.totalMs)} ms`;
  return `${done}; JavaScript at load ${kib(report.javascript.load.doc.gzipBytes)} gzip on a docs page, ${kib(report.javascript.load.api.gzipBytes)} on an API page (budgets: ${kib(report.javascript.budgets.doc)}, ${kib(report.javascript.budgets.api)}); search index of ${report.search.pages} pages and ${report.search.records} API entries, ${kib(report.search.bytes)}, ${Math.round(report.search.ms)} ms after rendering${largestApiPage(report.apiPages)}`;
}

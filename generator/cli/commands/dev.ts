import { formatReport } from '../../diagnostics/format.js';
import { withGitDatesOption, type GitDatesFlag } from './git-dates-option.js';
import type { CliCommand } from './host.js';
import { withListenOptions, type ListenFlags } from './listen-options.js';

export const dev: CliCommand = (program, host) => {
  withListenOptions(
    withGitDatesOption(
      program
        .command('dev')
        .description(
          'Build the site, serve it from memory and rebuild on every change to the config, content/, the contracts or templates/: an edited page is rendered again alone, pages reload themselves, and a change that breaks the build shows its located errors here and in the browser while the last good site stays served.',
        ),
    ),
  ).action(async (flags: ListenFlags & GitDatesFlag) => {
    const options = host.options();
    const { dev } = await import('../../commands/dev.js');
    const result = await dev({
      ...options,
      gitDates: flags.gitDates,
      port: flags.port,
      host: flags.host,
      onBuild: (event) => {
        const what = event.changed.length === 0 ? 'built the site' : `${event.changed.join(', ')} changed`;
        const problems = event.diagnostics.filter((d) => d.severity === 'error' || event.changed.length === 0);
        if (problems.length > 0)
          host.io.stdout(
            formatReport(
              problems,
              options.format,
              event.ok
                ? `${what}: rendered ${event.rendered} pages in ${Math.round(event.ms)} ms`
                : `${what}: the build failed; the last good site is still served`,
            ),
          );
        else
          host.io.stdout(
            `${what}: rendered ${event.rendered} page${event.rendered === 1 ? '' : 's'} in ${Math.round(event.ms)} ms\n`,
          );
      },
    });
    if (!result.ok) {
      host.report(result.diagnostics, options, 'not serving');
      return;
    }
    host.io.stdout(`serving ${result.url} and watching for changes (Ctrl+C to stop)\n`);
    await new Promise<void>((done) => {
      const stop = (): void => void result.close().then(done);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  });
};

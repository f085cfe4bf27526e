import type { Command } from 'commander';

/** Commander's value of `--no-git-dates`: true unless it is given. */
export type GitDatesFlag = { gitDates: boolean };

/** `--no-git-dates`, the same for every command that builds the site. */
export function withGitDatesOption(command: Command): Command {
  return command.option(
    '--no-git-dates',
    "do not run git for the docs pages' last-updated dates (by default one `git log` dates each page by the last commit that changed its file)",
  );
}

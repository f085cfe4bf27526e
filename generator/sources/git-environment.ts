/** What git runs with besides its `-c` settings: no prompt, no lazy fetch, no lock taken, English messages. */
export function gitEnvironment(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_NO_LAZY_FETCH: '1',
    GIT_OPTIONAL_LOCKS: '0',
    // git's messages in English, whatever the machine's language, so that "not a git repository" is recognised.
    LC_ALL: 'C',
    LANGUAGE: '',
  };
}

/** The first line of what git said, short enough for a diagnostic. */
export function firstLine(text: string): string {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

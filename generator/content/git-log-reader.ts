/**
 * Reads `git log -z --name-only --format=%x01%ct%x01%D` as it streams in: each commit is a header
 * (`\x01<committer time>\x01<decorations>`) followed by the files it changed, every token ended by
 * NUL, the first file after a header preceded by a newline. Newest commits come first, so a file's
 * first appearance is its last change.
 */
const HEADER = /^\x01(\d{1,12})\x01([^\x01]*)$/;

/** No path in a repository is this long; a token that is says the output is not what was asked for. */
export const MAX_TOKEN_LENGTH = 64 * 1024;

export class GitLogReader {
  /** Path (as git prints it, relative to the project) → the date it last changed, `YYYY-MM-DD` (UTC). */
  readonly dates = new Map<string, string>();
  /** Paths last changed in a grafted commit (the oldest of a shallow clone): their real date is older and unknown. */
  readonly beforeHistory = new Set<string>();
  private pending = '';
  /** The current commit's date: undefined before the first header and for a date out of range; `grafted`, a grafted commit. */
  private date: string | 'grafted' | undefined;
  private firstAfterHeader = false;

  constructor(private readonly wanted: ReadonlySet<string>) {}

  /** Every wanted path is placed: the rest of the history can go unread. */
  get done(): boolean {
    return this.dates.size + this.beforeHistory.size >= this.wanted.size;
  }

  /** Takes the next piece of output; false when it cannot be git's (a token too long), and reading stops. */
  push(chunk: string): boolean {
    const tokens = (this.pending + chunk).split('\0');
    this.pending = tokens.pop() ?? '';
    if (this.pending.length > MAX_TOKEN_LENGTH) return false;
    for (const token of tokens) {
      if (token.length > MAX_TOKEN_LENGTH) return false;
      this.take(token);
      if (this.done) return true;
    }
    return true;
  }

  private take(token: string): void {
    const header = HEADER.exec(token);
    if (header) {
      const grafted = (header[2] ?? '').split(', ').includes('grafted');
      this.date = grafted ? 'grafted' : utcDate(Number(header[1]));
      this.firstAfterHeader = true;
      return;
    }
    const path = this.firstAfterHeader && token.startsWith('\n') ? token.slice(1) : token;
    this.firstAfterHeader = false;
    if (path === '' || !this.wanted.has(path) || this.dates.has(path) || this.beforeHistory.has(path)) return;
    if (this.date === 'grafted') this.beforeHistory.add(path);
    else if (this.date !== undefined) this.dates.set(path, this.date);
  }
}

/** The last second of year 9999: a four-digit year is what the page shows. */
const LAST_SECOND = 253402300799;

/** Seconds since the epoch → `YYYY-MM-DD` in UTC, the same on every machine whatever its time zone; undefined outside years 1970–9999. */
export function utcDate(seconds: number): string | undefined {
  if (!Number.isSafeInteger(seconds) || seconds < 0 || seconds > LAST_SECOND) return undefined;
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** `2025-01-31`: how a post's date is written, in its file name or its front matter. */
export const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A file name that starts with a date (`2025-01-31-title`), and what follows it. */
const DATED_NAME = /^(\d{4}-\d{2}-\d{2})(?:-(.*))?$/;

/** Why `text` is not a calendar date written `YYYY-MM-DD`, or undefined when it is one. */
export function dateProblem(text: string): string | undefined {
  const match = DATE.exec(text);
  if (!match) return 'is not a date written YYYY-MM-DD';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return 'is not a day of the calendar';
  return undefined;
}

/** The date and the rest of a post's file name (no extension), when it starts with a date. */
export function splitDatedName(name: string): { date: string; rest: string } | undefined {
  const match = DATED_NAME.exec(name);
  return match ? { date: match[1] as string, rest: match[2] ?? '' } : undefined;
}

/** Midnight UTC of a checked `YYYY-MM-DD` date: the same instant wherever the build runs. */
export function utcDate(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

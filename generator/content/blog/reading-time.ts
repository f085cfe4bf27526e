import type { Root } from 'hast';
import { toString } from 'hast-util-to-string';
import readingTime from 'reading-time';

/** The reading speed the minutes are counted at, in words per minute. */
export const WORDS_PER_MINUTE = 200;

/**
 * Minutes to read a post: the words of its text as the page shows it (code included; the
 * reading-time package counts them, a CJK character as one word) at 200 words a minute, rounded
 * up, and 1 for a post of a few words or none.
 */
export function readingMinutes(tree: string): number {
  const { words } = readingTime(toString(JSON.parse(tree) as Root), { wordsPerMinute: WORDS_PER_MINUTE });
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

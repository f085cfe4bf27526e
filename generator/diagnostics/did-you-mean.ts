import { distance } from 'fastest-levenshtein';

/** At most this many names are compared: a mistyped name is checked against a list, not a corpus. */
const COMPARED = 5_000;

/**
 * `; did you mean "Bucket"?` for the nearest names (case ignored, at most three); else, given how to
 * introduce them (`listed`), the names themselves when there are few; else nothing. Every message
 * about a name that can be mistyped (config keys, enum values, doc ids, rule ids, API ids,
 * front-matter keys, schema names) ends with it, so a user learns the right spelling wherever they
 * got it wrong.
 */
export function didYouMean(wanted: string, names: Iterable<string>, listed?: string): string {
  const unique = [...new Set(names)].slice(0, COMPARED);
  if (unique.length === 0) return '';
  const close = nearestNames(wanted, unique);
  if (close.length > 0) return `; did you mean ${close.map((name) => `"${name}"`).join(' or ')}?`;
  return listed !== undefined && unique.length <= 12 ? `; ${listed}: ${[...unique].sort().join(', ')}` : '';
}

/** The names nearest to `wanted`, if within a few edits of it (about a third of its length, at least two). */
export function nearestNames(wanted: string, names: readonly string[], shown = 3): string[] {
  const lower = wanted.toLowerCase().slice(0, 200);
  const limit = Math.max(2, Math.floor(lower.length / 3));
  const close = names
    .map((name) => {
      const other = name.toLowerCase();
      return { name, score: other === lower ? 0 : distance(lower, other.slice(0, 200)) };
    })
    .filter((s) => s.score <= limit && s.name !== wanted);
  // Only the nearest: `minHeadingLvel` is one edit from `minHeadingLevel` and three from `maxHeadingLevel`.
  const best = Math.min(...close.map((s) => s.score));
  return close
    .filter((s) => s.score === best)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, shown)
    .map((s) => s.name);
}

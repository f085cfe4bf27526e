import { splitWords } from '../../templates/search/rank/words.js';

/** Parts shorter than this make no compound (`in` + `dex`). */
const MIN_PART = 3;
/** A site's vocabulary is bounded, and so is what the search dialog downloads of it. */
const MAX_COMPOUNDS = 2000;

/**
 * The compound words of the platform's vocabulary, with their words, from its identifiers: an
 * identifier of two words is one (`DocType` → `doctype`: `doc type`), and so is a word that is two
 * of the vocabulary's words put together (`Datasource` → `datasource`: `data source`, since `data`
 * and `source` are words of other identifiers). A query written either way then finds both.
 */
export function compounds(identifiers: Iterable<string>): Array<[string, string]> {
  const found = new Map<string, string>();
  const vocabulary = new Set<string>();
  const single = new Set<string>();
  for (const identifier of identifiers) {
    const words = splitWords(identifier).map((word) => word.toLowerCase());
    for (const word of words) if (word.length >= MIN_PART && /^\p{L}+$/u.test(word)) vocabulary.add(word);
    if (words.length === 1 && words[0]) single.add(words[0]);
    const [a, b] = words;
    if (words.length === 2 && a && b && a.length >= MIN_PART && b.length >= MIN_PART) found.set(a + b, `${a} ${b}`);
  }
  for (const word of [...vocabulary, ...single])
    for (let cut = MIN_PART; cut <= word.length - MIN_PART; cut++) {
      const a = word.slice(0, cut);
      const b = word.slice(cut);
      if (vocabulary.has(a) && vocabulary.has(b) && !found.has(word)) found.set(word, `${a} ${b}`);
    }
  return [...found]
    .filter(([compound]) => /^\p{L}+$/u.test(compound))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_COMPOUNDS);
}

import { isIdentifierLike, splitWords } from './words.js';

/** At most this many searches per query: the one typed and its other spellings. */
const MAX_SPELLINGS = 3;

/**
 * The query as typed and its other spellings, so that every way the platform's terms are written
 * finds the same pages: a compound split or joined (`datasource` ↔ `data source`, from the
 * site's own vocabulary), an identifier split into its words (`enrichItem`, `data_index` → `enrich item`).
 */
export function spellings(words: readonly string[], compounds: ReadonlyArray<readonly [string, string]>): string[] {
  const split = new Map(compounds.map(([compound, parts]) => [compound, parts]));
  const joined = new Map(compounds.map(([compound, parts]) => [parts, compound]));
  const out = [words.join(' ')];
  const add = (next: readonly string[]): void => {
    const text = next.join(' ');
    // The index knows no case: `enrichitem` is `enrichItem` again.
    const known = out.some((spelling) => spelling.toLowerCase() === text.toLowerCase());
    if (text !== '' && !known && out.length < MAX_SPELLINGS) out.push(text);
  };
  // Identifiers in words.
  if (words.some(isIdentifierLike)) add(words.flatMap((word) => (isIdentifierLike(word) ? splitWords(word) : [word])));
  const lower = words.map((word) => word.toLowerCase());
  // A compound in words, and words as a compound.
  add(lower.map((word) => split.get(word) ?? word));
  for (let i = 0; i + 1 < lower.length; i++) {
    const compound = joined.get(`${lower[i]} ${lower[i + 1]}`);
    if (compound) add([...lower.slice(0, i), compound, ...lower.slice(i + 2)]);
  }
  const identifierWords = words.flatMap((word) => splitWords(word)).map((word) => word.toLowerCase());
  if (identifierWords.length === 2) {
    const compound = joined.get(identifierWords.join(' '));
    if (compound) add([compound]);
  }
  return out;
}

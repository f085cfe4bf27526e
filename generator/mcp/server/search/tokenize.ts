/** Runs of letters and digits, in any script. */
const WORDS = /[\p{L}\p{N}]+/gu;
/** Where an identifier turns from lower case (or a digit) to upper case: `getItem` → `get`, `Item`. */
const CAMEL = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u;

/**
 * The words of a text for the index and for queries: an identifier (`listDataIndexes`) counts as
 * itself and as its words, so that both the operationId and "data indexes" find it.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const [word] of text.matchAll(WORDS)) {
    out.push(word);
    const parts = word.split(CAMEL);
    if (parts.length > 1) out.push(...parts);
  }
  return out;
}

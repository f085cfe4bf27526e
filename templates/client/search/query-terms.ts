/**
 * Words a question is made of rather than what it asks about ("how do I stop a scheduling"): each
 * would fetch its own part of the index and rank pages by how often they say "how" or "a".
 */
const ENGLISH_STOP_WORDS = new Set(
  (
    'a an and are as at be by can could do does did for from has have how i if in into is it its me my of on or ' +
    'our should so that the their then there these this to was we what when where which who why will with would you your'
  ).split(' '),
);

/**
 * The query Pagefind is given: on an English site, a question's stop words are dropped, as long as
 * some word is left ("how to" stays as typed).
 */
export function queryTerms(query: string, language: string): string {
  const words = query.trim().split(/\s+/);
  if (!/^en\b/i.test(language) || words.length < 3) return query.trim();
  const kept = words.filter((word) => !ENGLISH_STOP_WORDS.has(word.toLowerCase()));
  return kept.length > 0 ? kept.join(' ') : query.trim();
}

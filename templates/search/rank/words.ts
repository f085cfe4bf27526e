/** Runs of letters and digits, in any script. */
const WORDS = /[\p{L}\p{N}]+/gu;
/** Where an identifier turns from lower case (or a digit) to upper case, or ends a run of capitals: `getItem`, `HTTPServer`. */
const CAMEL = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** The words of a text: `liquibaseSchemaName` → `liquibase`, `Schema`, `Name`; `data_index` → `data`, `index`. */
export function splitWords(text: string): string[] {
  const out: string[] = [];
  for (const [word] of text.matchAll(WORDS)) out.push(...word.split(CAMEL));
  return out;
}

/** Whether a token is written as an identifier: camelCase inside, or joined by underscores. */
export function isIdentifierLike(token: string): boolean {
  return /^[\p{L}\p{N}]+$/u.test(token)
    ? splitWords(token).length > 1
    : /^[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+$/u.test(token);
}

/**
 * Words a question is made of rather than what it asks about ("how do I stop a scheduling"): each
 * would fetch its own part of the index and rank pages by how often they say "how" or "a".
 */
export const ENGLISH_STOP_WORDS = new Set(
  (
    'a an and are as at be by can could do does did for from has have how i if in into is it its me my of on or ' +
    'our should so that the their then there these this to was we what when where which who why will with would you your'
  ).split(' '),
);

/** Verbs a task starts with ("add a data source", "install with docker"): the query asks how to do it. */
export const TASK_VERBS = new Set(
  (
    'add attach build call cancel change check configure connect create crawl debug define delete deploy detach ' +
    'disable download enable export fetch find fix generate get import index ingest install integrate list log make ' +
    'manage migrate monitor move obtain read reindex remove rename reroute restart run schedule search secure send set ' +
    'setup start stop stream test trigger tune update upgrade upload use write'
  ).split(' '),
);

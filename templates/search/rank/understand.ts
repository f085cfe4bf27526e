import { parsePathQuery, type PathQuery } from './path-match.js';
import { identifierKey, type SearchSymbols } from './symbols.js';
import { spellings } from './variants.js';
import { ENGLISH_STOP_WORDS, isIdentifierLike, TASK_VERBS } from './words.js';

/**
 * What a query asks for, which decides how its answers are ordered:
 * - `path`: a call (`POST /v1/search`, `/buckets/42`): the operations whose path it matches come first;
 * - `identifier`: an operationId, a model's name or an allowed value as written in code: that thing first;
 * - `error`: an error message operations answer with: the page explaining it, then those operations;
 * - `status`: an HTTP status code (`401`, `404 not found`): pages explaining it before the operations;
 * - `task`: a question or a task (`how to …`, a verb first): guides and their steps before operations;
 * - `noun`: a word or two (`bucket`, `data source`): the guide, then the model of that name, then the rest.
 */
export type Intent = 'path' | 'identifier' | 'error' | 'status' | 'task' | 'noun';

export interface QueryPlan {
  intent: Intent;
  /** The query as typed, its spaces made single. */
  typed: string;
  /** What the full-text index is asked: the query as typed first, then its other spellings and parts. */
  searches: Search[];
  path?: PathQuery;
  /** The query in identifier form (`enrich item` → `enrichitem`), to find a model or operation of that name. */
  key: string;
  /** The indexes of the operations answering the error message the query is. */
  errorOperations?: number[];
}

/** One question to the full-text index. */
export interface Search {
  text: string;
  /** What its results' scores are multiplied by (a part of the query weighs less than the whole). */
  weight: number;
  /**
   * Asked of one kind of result alone: `pages` so that the guides are among the answers to rank,
   * `reference` so that the operations are.
   */
  only?: 'pages' | 'reference';
}

/** A task's object searched alone weighs this much of the whole task. */
const OBJECT_WEIGHT = 0.6;

/** For pages, the whole of a query with a status code weighs this much of the code alone. */
const STATUS_WORDS_WEIGHT = 0.3;

const QUESTION = /^(how|what|why|where|when|which|can|should|is|are|do|does)\b/i;

/** Reads a query before it is searched (`language`: the site's; its stop words are dropped on an English one). */
export function understand(query: string, language: string, symbols: SearchSymbols): QueryPlan {
  const typed = query.trim().replace(/\s+/g, ' ');
  const english = /^en\b/i.test(language);
  const path = parsePathQuery(typed);
  if (path) {
    const searches = path.words.length > 0 ? [{ text: path.words.join(' '), weight: 1 }] : [];
    return { intent: 'path', typed, searches, path, key: '' };
  }
  const words = typed.split(' ');
  const key = identifierKey(typed);
  const asked = kept(words, english);
  const texts = spellings(asked, symbols.compounds);
  const all = texts.map((text): Search => ({ text, weight: 1 }));
  const pages = (text: string, weight = 1): Search => ({ text, weight, only: 'pages' });
  const plan = (intent: Intent, ...more: Search[]): QueryPlan => ({ intent, typed, searches: [...all, ...more], key });
  const bare = typed.toLowerCase().replace(/[.!]$/, '');
  const error = symbols.errors.find(([message]) => message.toLowerCase() === bare);
  if (error) return { ...plan('error', pages(`"${bare}"`)), errorOperations: error[1] };
  if (words.length === 1 && isExactName(typed, symbols)) return plan('identifier');
  const status = words.find((word) => /^[1-5]\d\d$/.test(word));
  if (status) {
    // Pages are ranked by the code, which is the reader's problem, more than by the words around it
    // (a page showing a 401 body says "401 Unauthorized" once; the page explaining it says 401 often);
    // operations by both, since they say the code and their own words ("Not Authorized").
    const reference = (text: string): Search => ({ text, weight: 1, only: 'reference' });
    const more =
      words.length > 1 ? [reference(texts[0] as string), pages(texts[0] as string, STATUS_WORDS_WEIGHT)] : [];
    return { intent: 'status', typed, searches: [pages(status), reference(status), ...more], key };
  }
  const first = words[0]?.toLowerCase() ?? '';
  if (words.length >= 2 && (QUESTION.test(typed) || TASK_VERBS.has(first))) {
    // What the task acts on, without its verb ("deploy on kubernetes" → "kubernetes"): a guide may say it otherwise.
    const object = asked.filter((word) => !TASK_VERBS.has(word.toLowerCase()));
    const objects = object.length > 0 && object.length < asked.length ? [pages(object.join(' '), OBJECT_WEIGHT)] : [];
    return plan('task', ...texts.map((text) => pages(text)), ...objects);
  }
  return plan('noun', ...texts.map((text) => pages(text)));
}

/**
 * Whether a one-word query names something exactly as code writes it: an identifier's shape
 * (`enrichItem`, `data_index`, `BucketDTO`), an operationId, or an allowed value in capitals. A plain
 * word that happens to be a model's name (`Bucket`) is a noun.
 */
function isExactName(token: string, symbols: SearchSymbols): boolean {
  if (isIdentifierLike(token)) return true;
  if (symbols.operations.some(([, , id]) => id === token)) return true;
  return /\p{Lu}{2}/u.test(token) && symbols.models.some(([, , , values]) => values.includes(token));
}

/** The words the index is asked: a question's stop words dropped on an English site, as long as some word is left. */
function kept(words: readonly string[], english: boolean): string[] {
  if (!english || words.length < 3) return [...words];
  const left = words.filter((word) => !ENGLISH_STOP_WORDS.has(word.toLowerCase()));
  return left.length > 0 ? left : [...words];
}

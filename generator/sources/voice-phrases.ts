import type { Segment } from './pointer.js';
import type { Position, SourceFile } from './source-file.js';

/**
 * The phrase families of rule `voice`: each says one way a text speaks of the site or the documents it
 * was written from instead of the platform, and why that tells the reader nothing. Phrases are in
 * lower case with single spaces, matched as whole words.
 */
export const VOICE_FAMILIES = [
  {
    says: 'speaks of a document the reader does not see',
    phrases: ['specification', 'not shown', 'not documented', 'behind this site', 'document behind'],
  },
  { says: 'speaks of the reference pages instead of the platform', phrases: ['the api reference', 'reference page'] },
  {
    says: 'speaks of the contracts and examples the site is made from instead of the platform',
    phrases: ['the contract', 'contracts', "the example's", 'as the example does'],
  },
  {
    says: 'speaks of the documentation instead of the platform',
    phrases: ['this documentation', 'these docs', 'the documentation covers'],
  },
  { says: 'speaks of what the site leaves out', phrases: ['not covered'] },
  {
    says: 'hedges about where the text comes from',
    phrases: ['general practice', 'checked against the contract', 'the site is built'],
  },
  { says: 'speaks of how the reader came to the page', phrases: ['you reached this page', 'link in the footer'] },
] as const;

/** Every phrase of every family. */
export const VOICE_PHRASES: readonly string[] = VOICE_FAMILIES.flatMap((family) => family.phrases);

/** Phrases that also match with a plural "s" on the word given. */
const PLURALS: Record<string, string> = {
  specification: 'specifications',
  'document behind': 'documents behind',
  'reference page': 'reference pages',
  'general practice': 'general practices',
  'checked against the contract': 'checked against the contracts',
};

/** The family's reason for each phrase. */
const SAYS = new Map<string, string>(
  VOICE_FAMILIES.flatMap((family) => family.phrases.map((phrase) => [phrase, family.says] as const)),
);

/** Characters turned into a string at once (an argument list has a limit). */
const CHUNK = 8192;

/** The longest word of each phrase: a text with none of them has no phrase, whatever its spacing. */
const KEYWORDS = [
  ...new Set(VOICE_PHRASES.map((phrase) => phrase.split(/[^a-z]+/).reduce((a, b) => (b.length > a.length ? b : a)))),
];

/** Words that, right before "specification", make it the name of a published standard. */
const STANDARDS = ['openapi ', 'swagger ', 'json schema '];

export interface PhraseHit {
  phrase: string;
  /** What the phrase's family does wrong (see VOICE_FAMILIES). */
  says: string;
  /** Where the phrase starts and ends in the text searched. */
  start: number;
  end: number;
}

/**
 * Every voice phrase in `text`, in order, matched as whole words, in any case, across line breaks
 * and runs of spaces. Linear in the text: one pass to fold case and spaces, then `indexOf` per phrase.
 */
export function findVoicePhrases(text: string): PhraseHit[] {
  // Most texts have none: they are not folded.
  const lower = text.toLowerCase();
  if (!KEYWORDS.some((word) => lower.includes(word))) return [];
  // ASCII letters in lower case and each run of spaces as one, so that offsets map back one to one.
  const folded = new Uint16Array(text.length);
  // Where each character of the folded text came from.
  const from = new Uint32Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || c === 9 || c === 10 || c === 13;
    if (space && length > 0 && folded[length - 1] === 32) continue;
    // A typographic apostrophe ("example’s") reads as a straight one.
    folded[length] = space ? 32 : c >= 65 && c <= 90 ? c + 32 : c === 0x2019 ? 39 : c;
    from[length++] = i;
  }
  let flat = '';
  for (let i = 0; i < length; i += CHUNK)
    flat += String.fromCharCode(...folded.subarray(i, Math.min(i + CHUNK, length)));
  const hits: PhraseHit[] = [];
  for (const phrase of VOICE_PHRASES)
    for (const written of [phrase, PLURALS[phrase]]) {
      if (written === undefined) continue;
      for (let at = flat.indexOf(written); at >= 0; at = flat.indexOf(written, at + 1)) {
        const end = at + written.length;
        if (isWordChar(flat[at - 1]) || isWordChar(flat[end])) continue;
        if (phrase === 'specification' && STANDARDS.some((name) => flat.endsWith(name, at))) continue;
        const says = SAYS.get(phrase) as string;
        hits.push({ phrase, says, start: from[at] as number, end: (from[end - 1] as number) + 1 });
      }
    }
  // One finding where phrases overlap ("the documents behind this site"), the longest of those at one start.
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  let reached = 0;
  return hits.filter((hit) => {
    if (hit.start < reached) return false;
    reached = hit.end;
    return true;
  });
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[a-z0-9]/.test(c);
}

/**
 * The voice phrases of a string value of a parsed file, each where it is written: the value is
 * searched first, then its source text from where the value starts, so that quotes, folded lines
 * and indentation do not move the position. A phrase hidden by escapes is reported at the value.
 */
export function voicePhrasesAt(
  file: Pick<SourceFile, 'text' | 'locate'>,
  segments: readonly Segment[],
  value: string,
): Array<{ phrase: string; says: string; position: Position }> {
  const inValue = findVoicePhrases(value);
  if (inValue.length === 0) return [];
  const start = file.locate(segments);
  const offset = offsetOf(file.text, start);
  // A value's source is longer than the value only by quotes, escapes and indentation.
  const window = file.text.slice(offset, offset + value.length * 2 + 256);
  const inSource = findVoicePhrases(window);
  return inValue.map((hit, i) => {
    const written = inSource[i];
    return {
      phrase: hit.phrase,
      says: hit.says,
      position: written?.phrase === hit.phrase ? positionAfter(window, start, written.start) : start,
    };
  });
}

/** The offset of a (1-based) position in `text`. */
function offsetOf(text: string, position: Position): number {
  let offset = 0;
  for (let line = 1; line < position.line; line++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return offset + position.column - 1;
}

/** The position of `offset` in `text`, whose first character is at `start`. */
export function positionAfter(text: string, start: Position, offset: number): Position {
  let { line, column } = start;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      column = 1;
    } else column++;
  }
  return { line, column };
}

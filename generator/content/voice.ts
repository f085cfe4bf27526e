import type { LoadedApi } from '../contracts/index.js';
import { forEachStructuralObject } from '../contracts/walk-objects.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../sources/source-file.js';
import { voicePhrasesAt } from '../sources/voice-phrases.js';
import { voice } from './rules.js';
import type { FrontMatter } from './types.js';

/**
 * Findings of rule `voice` reported per file; the rest are counted in one more line. A page or a
 * contract made of the phrases must not print a line for each of them.
 */
export const MAX_VOICE_FINDINGS = 20;

/** The line that stands for the findings past the limit, at the first of them. */
export function moreVoiceMessage(count: number): string {
  return `${count} more phrases of the kind in this file`;
}

/** What rule `voice` says about one phrase (`says`: its family's reason, see VOICE_FAMILIES). */
export function voiceMessage(phrase: string, says: string): string {
  return `"${phrase}" ${says}; say what is known, and leave out what is not`;
}

/** The front matter's title and description (`yaml`: the front matter, one line above the page's lines). */
export function frontMatterVoice(display: string, yaml: SourceFile, frontMatter: FrontMatter): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const key of ['title', 'description'] as const) {
    const value = frontMatter[key];
    if (value === undefined) continue;
    for (const { phrase, says, position } of voicePhrasesAt(yaml, [key], value))
      out.push({ file: display, line: position.line + 1, column: position.column, ...finding(phrase, says) });
  }
  return out;
}

/** Keys whose text a contract's reference page shows as prose. */
const PROSE_KEYS = ['title', 'summary', 'description'] as const;

/**
 * The prose of every version of every API: titles, summaries and descriptions of the info, tags,
 * operations, parameters, responses, schemas (and every other object of the contracts' structure;
 * example values and `x-` extensions are data and left alone).
 */
export function contractVoice(apis: readonly LoadedApi[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<SourceFile>();
  for (const { contract } of apis.flatMap((api) => api.versions))
    for (const file of contract.sources.files.values()) {
      // Versions may share files; each is read once.
      if (seen.has(file)) continue;
      seen.add(file);
      const found: Diagnostic[] = [];
      forEachStructuralObject(file, (object, segments) => {
        for (const key of PROSE_KEYS) {
          const value = object[key];
          if (typeof value !== 'string') continue;
          for (const { phrase, says, position } of voicePhrasesAt(file, [...segments, key], value))
            found.push({ file: file.display, ...position, ...finding(phrase, says) });
        }
      });
      out.push(...capped(found));
    }
  return out;
}

/** The first `MAX_VOICE_FINDINGS` findings of one file, and one line for the others. */
function capped(found: Diagnostic[]): Diagnostic[] {
  if (found.length <= MAX_VOICE_FINDINGS) return found;
  const first = found[MAX_VOICE_FINDINGS] as Diagnostic;
  return [
    ...found.slice(0, MAX_VOICE_FINDINGS),
    { ...first, message: moreVoiceMessage(found.length - MAX_VOICE_FINDINGS) },
  ];
}

function finding(phrase: string, says: string): Pick<Diagnostic, 'severity' | 'rule' | 'message'> {
  return { severity: voice.severity, rule: voice.id, message: voiceMessage(phrase, says) };
}

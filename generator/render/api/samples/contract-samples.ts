import { isRecord } from '../../../sources/pointer.js';
import { asString } from '../resolver.js';

/** A sample written in the contract (`x-codeSamples`, ReDoc's convention; `x-code-samples` before it). */
export interface ContractSample {
  /** Lower-cased `lang`: the tab's key, and the grammar that colours it when one has that name. */
  language: string;
  label: string;
  code: string;
}

/** Bounds on what a contract's samples may make a page carry. */
export const CONTRACT_SAMPLE_LIMITS = { count: 8, label: 40, source: 20_000 } as const;

/**
 * The operation's own samples, in order, each bounded: at most `count` of them, a label cut to
 * `label` characters, a source to `source` (with a note that it was cut). Entries without a source
 * are skipped. The text is shown as text, never as markup.
 */
export function contractSamples(operation: Record<string, unknown>): ContractSample[] {
  const list = operation['x-codeSamples'] ?? operation['x-code-samples'];
  if (!Array.isArray(list)) return [];
  const samples: ContractSample[] = [];
  for (const entry of list) {
    if (samples.length >= CONTRACT_SAMPLE_LIMITS.count) break;
    if (!isRecord(entry) || typeof entry.source !== 'string' || entry.source.trim() === '') continue;
    // The key is an attribute value and a grammar's name: a plain token, whatever the contract wrote.
    const lang = asString(entry.lang)
      .toLowerCase()
      .replace(/[^a-z0-9+#._-]/g, '')
      .slice(0, CONTRACT_SAMPLE_LIMITS.label);
    const label = (asString(entry.label).trim() || asString(entry.lang).trim() || 'Sample').slice(
      0,
      CONTRACT_SAMPLE_LIMITS.label,
    );
    const cut = entry.source.length > CONTRACT_SAMPLE_LIMITS.source;
    const code = cut ? `${entry.source.slice(0, CONTRACT_SAMPLE_LIMITS.source)}\n…` : entry.source;
    samples.push({ language: lang || 'text', label, code });
  }
  return samples;
}

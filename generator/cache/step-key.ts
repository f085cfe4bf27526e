import type { BuildCache } from './store.js';

/** One input of a cached step: text, bytes, or any JSON-like value (an option's resolved value). */
export type KeyInput =
  | string
  | number
  | boolean
  | null
  | undefined
  | Uint8Array
  | readonly KeyInput[]
  | { readonly [name: string]: KeyInput };

/**
 * The cache steps, each under the name its keys are made with: a step's name keeps its keys apart
 * from another step's with the same inputs.
 */
export type CachedStep =
  | 'page'
  | 'html'
  | 'twin'
  | 'llms-txt'
  | 'navbar-item'
  | 'announcement'
  | 'favicon'
  | 'search'
  | 'search-api'
  | 'search-units'
  | 'api-reference'
  | 'typescript-samples'
  | 'types'
  | 'client'
  | 'yaml-data'
  | 'contract-checks'
  | 'output';

/**
 * The key of a cached step's entry, from the inputs it declares by name: everything its output is
 * made from, the resolved options it reads included (see `test/cache-keys.test.ts`, which changes
 * each option alone on a warm cache). Names are taken in sorted order and each value in one
 * canonical form, so the key does not depend on the order a step lists its inputs in, and text,
 * bytes and other values never meet in the same form.
 */
export function stepKey(cache: BuildCache, step: CachedStep, inputs: Readonly<Record<string, KeyInput>>): string {
  const parts: Array<string | Uint8Array> = [step];
  for (const name of Object.keys(inputs).sort()) parts.push(name, ...encoded(inputs[name]));
  return cache.key(...parts);
}

function encoded(value: KeyInput): [string, string | Uint8Array] {
  if (typeof value === 'string') return ['text', value];
  if (value instanceof Uint8Array) return ['bytes', value];
  return ['json', canonicalJson(value)];
}

/** JSON with every object's fields in name order: two equal values give the same text. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_name, inner: unknown) =>
      typeof inner === 'object' && inner !== null && !Array.isArray(inner) && !(inner instanceof Uint8Array)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : inner,
    ) ?? 'undefined'
  );
}

/**
 * Limits on what a config or contract file may make the build do, checked while it is parsed so
 * that nothing after parsing has to guard against them. Generous: the largest real contracts
 * (GitHub's, 13 MB and 21 levels deep) are far below them.
 */

/** Bytes in one file, and characters a YAML file may expand to through its aliases. */
export const MAX_SOURCE_SIZE = 64 * 1024 * 1024;

/**
 * Levels of nested objects and arrays in one file (the root object is level 1). Code after
 * parsing may walk a document recursively to this depth (plus what `$ref`s add, which the contract
 * walkers bound themselves).
 */
export const MAX_NESTING_DEPTH = 256;

/** Aliases in one YAML file, each weighted by the nodes it stands for (the `yaml` package's own count). */
export const MAX_ALIAS_COUNT = 10_000;

/** The rule of a file nested deeper than the limit (shared with the contract walkers' own depth limit). */
export const DEPTH_LIMIT_RULE = 'depth-limit';

/** The rule of a file that is not UTF-8 text. */
export const ENCODING_RULE = 'encoding';

export function sizeInMegabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

export function tooDeepMessage(): string {
  return `nested more than ${MAX_NESTING_DEPTH} levels deep, which is the limit; flatten the structure`;
}

import { sample, type Options } from 'openapi-sampler';
import { isRecord } from '../../sources/pointer.js';
import { SAMPLE_DEPTH, sampleBudget } from './example-bounds.js';
import { ExampleValidators, type Direction } from './example-ajv.js';
import { SamplingView } from './example-hints.js';
import { repairSample } from './example-repair.js';
import { UnrepairableSamples } from './example-unrepairable.js';
import { CertainValidity } from '../../contracts/certain-validity.js';
import { toJsonSchemaKeywords } from '../../contracts/json-schema-dialect.js';
import type { RefResolver } from './resolver.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';

export type { Direction } from './example-ajv.js';

/** Longest generated example kept (pretty JSON); a longer one is dropped rather than cut. */
export const MAX_GENERATED_CHARS = 8 * 1024;
/** Most `oneOf`/`anyOf` branches tried, each in turn, when the first gives no valid sample. */
const MAX_BRANCHES = 8;
/** The second, shallower try for a model whose sample is too large at `SAMPLE_DEPTH`. */
const SHALLOW_DEPTH = 3;

type JsonSchema = Parameters<typeof sample>[0];

/** JSON and `+json` media; streams of JSON (`ndjson`, `json-seq`) are not one JSON value. */
export function isJsonMedia(mediaType: string): boolean {
  return /^[^;]*[/+]json\s*(;|$)/i.test(mediaType);
}

/**
 * Examples made from schemas with openapi-sampler (the library Redoc uses) for bodies the contract
 * gives none for, kept only when Ajv finds them valid against the schema (after `repairSample`, or
 * from another `oneOf` branch). One generator per reference document: samples are cached per schema
 * object and direction, validators per compiled schema. The contract is untrusted: the sampler's
 * work is estimated first (`sampleBudget`), its output capped, and any exception means no example.
 */
export class ExampleGenerator {
  private readonly validators: ExampleValidators;
  private readonly view: SamplingView;
  private readonly unrepairable: UnrepairableSamples;
  private readonly made = new Map<Direction, WeakMap<object, string | null>>([
    ['request', new WeakMap()],
    ['response', new WeakMap()],
  ]);

  constructor(private readonly resolver: RefResolver) {
    const version = String(resolver.document.openapi ?? '').startsWith('3.1') ? '3.1' : '3.0';
    this.validators = new ExampleValidators(resolver, version);
    this.view = new SamplingView(resolver);
    const certain = new CertainValidity(
      (keyword) => this.validators.knows(keyword),
      (node) => toJsonSchemaKeywords(node, version),
    );
    this.unrepairable = new UnrepairableSamples(resolver, version, certain);
  }

  /**
   * The generated example with some of its top-level properties set to the values given (the id the
   * path's sample uses), when the value is of the same type and the example stays valid; otherwise as generated.
   */
  generateWith(
    schema: unknown,
    mediaType: string,
    direction: Direction,
    values: ReadonlyMap<string, unknown>,
  ): string | undefined {
    const text = this.generate(schema, mediaType, direction);
    if (text === undefined || values.size === 0 || !isRecord(schema)) return text;
    try {
      const value: unknown = JSON.parse(text);
      if (!isRecord(value)) return text;
      const next = Object.entries(value).map(([name, current]): [string, unknown] => {
        const given = values.has(name) ? values.get(name) : undefined;
        return given !== undefined && typeof given === typeof current ? [name, given] : [name, current];
      });
      const bound = Object.fromEntries(next);
      const named = this.named(schema);
      const validate = this.validators.get(named?.value ?? schema, direction, named?.ref);
      return validate && validate(bound) ? JSON.stringify(bound, null, 2) : text;
    } catch {
      return text;
    }
  }

  /** Pretty JSON valid against the schema, or undefined when none can be vouched for. */
  generate(schema: unknown, mediaType: string, direction: Direction): string | undefined {
    if (!isRecord(schema) || !isJsonMedia(mediaType)) return undefined;
    // Bodies that only name a model (most of them) share one sample: a model is sampled once per direction.
    const named = this.named(schema);
    const key = named?.value ?? schema;
    const cache = this.made.get(direction) as WeakMap<object, string | null>;
    let text = cache.get(key);
    if (text === undefined) {
      try {
        text = this.make(key, direction, named?.ref) ?? null;
      } catch {
        // A schema the sampler or Ajv chokes on (a stack overflow included) gets no example.
        text = null;
      }
      cache.set(key, text);
    }
    return text ?? undefined;
  }

  /** The schema a lone `$ref` names (the end of its chain), and a `$ref` to it. */
  private named(schema: Record<string, unknown>): { value: Record<string, unknown>; ref: string } | undefined {
    if (typeof schema.$ref !== 'string' || Object.keys(schema).length !== 1) return undefined;
    const end = this.resolver.follow(schema);
    return end?.pointer === undefined ? undefined : { value: end.value, ref: `#${end.pointer}` };
  }

  private make(schema: Record<string, unknown>, direction: Direction, ref?: string): string | undefined {
    // Compiled when a sample is first worth repairing: most of GitHub's webhook payloads never are.
    const validator = (): ValidateFunction | null => this.validators.get(schema, direction, ref);
    for (const candidate of this.candidates(schema)) {
      const budget = sampleBudget(candidate, this.resolver);
      if (!budget.fits) continue;
      // A large model is sampled again less deep rather than shown cut or not at all.
      for (const depth of [SAMPLE_DEPTH, SHALLOW_DEPTH]) {
        const options: Options = {
          quiet: true,
          maxSampleDepth: depth,
          skipReadOnly: direction === 'request',
          skipWriteOnly: direction === 'response',
          enablePatterns: budget.patterns,
        };
        const value = quietly(() => sample(this.view.schema(candidate) as JsonSchema, options, this.view.document));
        // `null` and nothing say nothing a reader can use.
        if (value === undefined || value === null) break;
        // A sample far over the size kept is not worth repairing.
        if (JSON.stringify(value).length > 2 * MAX_GENERATED_CHARS) continue;
        // A sample that lacks what no repair can add, or keeps more than the size kept whatever the
        // repair does, is not repaired (nor is Ajv compiled for it): the examples shown are the same.
        const kept = this.unrepairable.kept(value, schema, direction);
        if (kept.lacks || kept.least > MAX_GENERATED_CHARS) continue;
        const validate = validator();
        if (!validate) return undefined;
        const valid = repairSample(value, validate);
        const text = valid === undefined || valid === null ? undefined : JSON.stringify(valid, null, 2);
        if (text !== undefined && text.length <= MAX_GENERATED_CHARS) return text;
      }
    }
    return undefined;
  }

  /** The schema as written, then (when it is a choice) with each other branch put first, as the sampler takes the first. */
  private candidates(schema: Record<string, unknown>): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [schema];
    const resolved = this.resolver.follow(schema)?.value;
    if (!resolved) return out;
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = resolved[key];
      if (!Array.isArray(branches)) continue;
      for (const [index, branch] of branches.slice(1, MAX_BRANCHES).entries())
        out.push({ ...resolved, [key]: [branch, ...branches.filter((_, i) => i !== index + 1)] });
    }
    return out;
  }
}

/**
 * openapi-sampler warns on the console about some schemas even when asked to be quiet (a date-time
 * with `minLength`); the build's output is its diagnostics, so the warnings are held back. Sampling is
 * synchronous: nothing else runs while `console.warn` is replaced.
 */
function quietly<T>(run: () => T): T {
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    return run();
  } finally {
    console.warn = warn;
  }
}

/** One generator per reference document, so its samples and validators serve all its operations and their samples. */
const generators = new WeakMap<RefResolver, ExampleGenerator>();

export function exampleGenerator(resolver: RefResolver): ExampleGenerator {
  let generator = generators.get(resolver);
  if (!generator) generators.set(resolver, (generator = new ExampleGenerator(resolver)));
  return generator;
}

/**
 * Lets the document's generator go once its pages are built: its Ajv holds every validator compiled
 * (GitHub's: some 70 MB), and the pages' models, which keep the resolver, live on until written.
 */
export function releaseExampleGenerator(resolver: RefResolver): void {
  generators.delete(resolver);
}

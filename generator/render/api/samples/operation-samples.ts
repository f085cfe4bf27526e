import type { BuildCache } from '../../../cache/store.js';
import type { SAMPLE_LANGUAGES } from '../../../config/schema.js';
import { isRecord } from '../../../sources/pointer.js';
import type { CodeSampleModel } from '../../../../templates/api/model.js';
import type { OperationSource } from '../operation-model.js';
import type { RefResolver } from '../resolver.js';
import { contractSamples } from './contract-samples.js';
import { curlSample } from './curl.js';
import { SampleColours } from './colours.js';
import { requestPlan } from './request-plan.js';
import { SNIPPET_TARGETS, snippetSample } from './snippets.js';
import { TypeScriptSamples } from './typescript-samples.js';

export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

/** The grammar of each generated language. */
const GRAMMARS: Record<SampleLanguage, string> = {
  curl: 'shell',
  typescript: 'typescript',
  python: 'python',
  go: 'go',
  java: 'java',
};
/** Grammars a contract's samples may load, beyond ours: each costs build time, whatever the contract names. */
const MAX_CONTRACT_GRAMMARS = 12;
const CURL_NAMES = new Set(['curl', 'shell', 'sh', 'bash']);

/**
 * Every operation's samples of one API version: the contract's own first, then each wanted language.
 * They are coloured (`colours`) once all are written, at `save`.
 */
export class OperationSamples {
  private written: CodeSampleModel[] = [];

  private constructor(
    private readonly typescript: TypeScriptSamples,
    private readonly languages: readonly string[],
    private readonly colours: SampleColours,
  ) {}

  static async open(
    cache: BuildCache,
    key: string,
    document: Record<string, unknown>,
    colours: SampleColours = SampleColours.here(),
  ): Promise<OperationSamples> {
    const named = new Set<string>();
    for (const operation of operations(document))
      for (const sample of contractSamples(operation))
        if (named.size < MAX_CONTRACT_GRAMMARS) named.add(grammarOf(sample.language));
    const languages = [...new Set([...Object.values(GRAMMARS), ...named])];
    return new OperationSamples(await TypeScriptSamples.open(cache, key), languages, colours);
  }

  samples(
    source: OperationSource,
    document: Record<string, unknown>,
    resolver: RefResolver,
    module: string,
    wanted: readonly SampleLanguage[],
  ): CodeSampleModel[] {
    const own = contractSamples(source.operation).map(({ language, label, code }) => {
      const grammar = grammarOf(language);
      return {
        key: CURL_NAMES.has(language) ? 'curl' : language,
        label,
        language: grammar,
        code,
        highlighted: undefined,
      };
    });
    const plan = requestPlan(source, document, resolver);
    const made = wanted.map((kind): CodeSampleModel => {
      const code =
        kind === 'curl'
          ? curlSample(plan)
          : kind === 'typescript'
            ? this.typescript.sample(plan, module)
            : snippetSample(plan, kind);
      const label = kind === 'curl' ? 'curl' : kind === 'typescript' ? 'TypeScript' : SNIPPET_TARGETS[kind].label;
      const language = GRAMMARS[kind];
      return { key: kind, label, language, code, highlighted: undefined };
    });
    this.written.push(...own, ...made);
    return [...own, ...made];
  }

  /** Hands every sample written to be coloured, and keeps the TypeScript ones for the next build. */
  async save(): Promise<void> {
    const written = this.written;
    this.written = [];
    await this.colours.colour(written, this.languages);
    await this.typescript.save();
  }
}

function grammarOf(language: string): string {
  return CURL_NAMES.has(language) ? 'shell' : language;
}

function* operations(document: Record<string, unknown>): Generator<Record<string, unknown>> {
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const item of Object.values(paths))
    if (isRecord(item)) for (const operation of Object.values(item)) if (isRecord(operation)) yield operation;
}

import type { Diagnostic, Severity } from '../../diagnostics/diagnostic.js';
import type { RuleDescriptor } from '../../diagnostics/severity.js';
import type { Segment } from '../../sources/pointer.js';
import type { ContractSources, Located } from '../sources.js';
import type { SchemaVisit } from '../schema-visitor.js';
import type { SpecVersion } from '../spec-version.js';
import type { OperationSite, PathItemSite } from '../walk.js';

/** What every contract rule gets: the parsed files and the walks that several rules share. */
export interface RuleContext {
  sources: ContractSources;
  version: SpecVersion;
  pathItems: readonly PathItemSite[];
  operations: readonly OperationSite[];
  /** Every schema, example and default of the contract, walked once for all the rules that need them. */
  schemas: SchemaVisit;
}

/** A rule the contract stage runs: what it is (for the config, the CLI and the README) and its check. */
export interface ContractRule extends RuleDescriptor {
  run(context: RuleContext): Diagnostic[] | Promise<Diagnostic[]>;
}

export function report(
  sources: ContractSources,
  node: Pick<Located, 'file' | 'segments'>,
  rule: string,
  message: string,
  options: { severity?: Severity; extra?: Segment[]; target?: 'key' | 'value' } = {},
): Diagnostic {
  const segments = options.extra ? [...node.segments, ...options.extra] : node.segments;
  const where = sources.locate({ file: node.file, segments });
  return {
    file: where.file,
    ...node.file.locate(segments, options.target ?? 'value'),
    severity: options.severity ?? 'error',
    rule,
    message,
    pointer: where.pointer,
  };
}

export function describeOperation(site: OperationSite): string {
  const kind = site.pathItem.kind === 'path' ? '' : `${site.pathItem.kind} `;
  return `${kind}${site.method.toUpperCase()} ${site.pathItem.key}`;
}

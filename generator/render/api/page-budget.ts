import { isRecord } from '../../sources/pointer.js';
import type { OperationSource } from './operation-model.js';
import type { RefResolver } from './resolver.js';
import { estimateNodes } from './schema-model.js';

/** The most HTML a reference page may weigh at load: bytes, and elements (DOM nodes that are tags). */
export interface PageBudget {
  htmlBytes: number;
  elements: number;
}

/** Issue 26's budget for every reference page: 300 KB of HTML, 5,000 elements. */
export const PAGE_BUDGET: PageBudget = { htmlBytes: 300 * 1024, elements: 5000 };

export interface Weight {
  htmlBytes: number;
  elements: number;
}

/**
 * The share of the budget a page's estimate may fill. Estimates come from the contract, before
 * anything is rendered (the layout must be known to build the links between pages). Calibrated on
 * 1,379 rendered operations (our four larger references and GitHub's), the operations of a page sum
 * to 62-94% of their estimates, though one operation may be 15-30% over its own (the 95th-99th
 * percentile). So a page planned at 85% stays under the budget. The build report
 * measures the real pages and warns about any over it (`page-budget`): that catches an estimate
 * gone wrong, say after the templates changed (recalibrate then with `npm run bench:pages`).
 */
const FILL = 0.85;

/**
 * An operation's section, aside and sidebar entry: so much, plus so much per byte of its JSON without
 * the named schemas it uses (its own text, parameters, inline schemas, examples) and per byte with
 * them (their trees open in place, up to the bound of templates/api/schema-tree-plan.ts, which the
 * cap stands for). The base is mostly the aside: five coloured samples and the example tabs.
 */
const OPERATION = {
  base: { htmlBytes: 8400, elements: 100 },
  perOwnByte: { htmlBytes: 0.5, elements: 0.045 },
  perSchemaByte: { htmlBytes: 4.2, elements: 0.08 },
  schemaBytesCap: 14_000,
};
/** The page around the sections: head, navbar, sidebar with the tags, footer. */
const PAGE_OVERHEAD: Weight = { htmlBytes: 25 * 1024, elements: 350 };
/** A node of a models page's schema trees (GitHub's models pages: 241 bytes and 7.3 elements a node). */
const SCHEMA_NODE: Weight = { htmlBytes: 241, elements: 7.3 };

/**
 * What one operation's section (and its sidebar entry) is estimated to weigh, from the length of its
 * JSON with every `$ref` but a schema's followed (`own`), and with those too (`withSchemas`). Each
 * `JsonSizes` keeps every `$ref` target's length, so a document's shared parts are measured once
 * however many operations use them, and a ring of `$ref`s ends.
 */
export function operationWeight(source: OperationSource, own: JsonSizes, withSchemas: JsonSizes): Weight {
  const ownBytes = own.of(source.operation) + own.of(source.pathItem.parameters);
  const schemaBytes = Math.min(
    OPERATION.schemaBytesCap,
    withSchemas.of(source.operation) + withSchemas.of(source.pathItem.parameters),
  );
  const part = (key: keyof Weight): number =>
    OPERATION.base[key] + OPERATION.perOwnByte[key] * ownBytes + OPERATION.perSchemaByte[key] * schemaBytes;
  return { htmlBytes: part('htmlBytes'), elements: part('elements') };
}

/** About how long a node's JSON is with its `$ref`s (but a schema's) followed, each target measured once. */
export class JsonSizes {
  private readonly known = new WeakMap<object, number>();

  /** `schemas`: whether a `$ref` to a named schema is followed too (its tree is shown in place). */
  constructor(
    private readonly resolver: RefResolver,
    private readonly schemas = false,
  ) {}

  of(node: unknown): number {
    if (typeof node === 'string') return node.length + 2;
    if (node === null || typeof node !== 'object') return String(node).length;
    const ref = isRecord(node) && typeof node.$ref === 'string' ? node.$ref : undefined;
    const target =
      ref !== undefined && (this.schemas || !SCHEMA_REF.test(ref)) ? this.resolver.follow(node)?.value : undefined;
    const measured = target ?? node;
    const known = this.known.get(measured);
    if (known !== undefined) return known;
    // A target being measured counts for nothing where it comes back inside itself.
    this.known.set(measured, 0);
    let size = 2;
    if (Array.isArray(measured)) for (const item of measured) size += this.of(item) + 1;
    else for (const [key, value] of Object.entries(measured)) size += key.length + 4 + this.of(value);
    this.known.set(measured, size);
    return size;
  }
}

/** A `$ref` to a named schema, which the reference shows as a link. */
const SCHEMA_REF = /^#\/(components\/schemas|definitions)\//;

/** What the models of a one-page reference are estimated to weigh: every component schema's tree. */
export function modelsWeight(document: Record<string, unknown>): Weight {
  const components = isRecord(document.components) ? document.components : {};
  const schemas = isRecord(components.schemas) ? Object.values(components.schemas) : [];
  const nodes = schemas.reduce<number>((sum, schema) => sum + estimateNodes(schema), 0);
  return scale(SCHEMA_NODE, nodes);
}

/** The page around the sections (head, navbar, sidebar, footer), as a weight to add to. */
export function pageOverhead(): Weight {
  return PAGE_OVERHEAD;
}

/** Schema nodes one of the second edition's models pages held (see legacy-routes.ts): what fits in the budget's share beside the page itself. */
export function modelPageNodes(budget: PageBudget): number {
  const room = (key: keyof Weight): number => (budget[key] * FILL - PAGE_OVERHEAD[key]) / SCHEMA_NODE[key];
  return Math.max(1, Math.floor(Math.min(room('htmlBytes'), room('elements'))));
}

/** Whether a page holding `parts` fits the budget's share, with the page around them. */
export function fits(parts: readonly Weight[], budget: PageBudget): boolean {
  return within(parts.reduce(add, PAGE_OVERHEAD), budget);
}

export function within(total: Weight, budget: PageBudget): boolean {
  return total.htmlBytes <= budget.htmlBytes * FILL && total.elements <= budget.elements * FILL;
}

export function add(a: Weight, b: Weight): Weight {
  return { htmlBytes: a.htmlBytes + b.htmlBytes, elements: a.elements + b.elements };
}

function scale(w: Weight, n: number): Weight {
  return { htmlBytes: w.htmlBytes * n, elements: w.elements * n };
}

import { createHash } from 'node:crypto';
import { slugify } from '../../config/resolve.js';
import type {
  ApiReferenceModel,
  OperationModel,
  SchemaModel,
  SchemaSectionModel,
} from '../../../templates/api/model.js';
import { operationBudget, TREE_BYTES, TREE_ELEMENTS } from '../../../templates/api/schema-tree-plan.js';
import type { PageBudget, Weight } from './page-budget.js';

/**
 * Sections below the fold of a heavy reference page are sent as light stubs (heading, method, path)
 * and their bodies as fragment files beside the page, which the client fetches as the reader
 * scrolls towards them; without JavaScript each stub links to its fragment, a page of its own. So a
 * tag is never cut by size: its page holds every operation, and weighs at load what its first
 * operations and the stubs weigh.
 */

/** A page whose sections are estimated to weigh more than this share of the budget gets stubs. */
const LAZY_FROM = 0.6;
/** The sections shown whole at load: those that fit this share of the budget (at least the first). */
const FOLD = 0.35;

/** The folder of a version's fragment files: no slug of a tag has an underscore, so it is never a page's. */
export const PARTS_FOLDER = '_parts';

/** A section sent as a stub: its anchor, and the fragment file with its body (route of the version + name). */
export interface LazyPart {
  anchor: string;
  /** Site path of the fragment, without the base URL (`/api/x/_parts/getbucket.html`). */
  path: string;
  kind: 'operation' | 'model';
  /** The section's name: the operation's summary (else its method and path), the model's name. */
  label: string;
}

/**
 * Which sections of a page are stubs, in page order, given where the version's fragments go. A page
 * light enough to be read whole is left whole: its stubs would only cost the reader a request.
 */
export function lazyParts(model: ApiReferenceModel, versionRoute: string, budget: PageBudget): LazyPart[] {
  const sections: Array<Omit<LazyPart, 'path'> & { weight: Weight }> = [
    ...model.sections.flatMap((s) =>
      s.operations.map((op) => ({
        anchor: op.id,
        kind: 'operation' as const,
        label: op.summary || `${op.method.toUpperCase()} ${op.path.map((p) => p.text).join('')}`,
        weight: operationWeight(op),
      })),
    ),
    ...model.models.map((m) => ({ anchor: m.anchor, kind: 'model' as const, label: m.name, weight: modelWeight(m) })),
  ];
  const total = sections.reduce((sum, s) => add(sum, s.weight), NONE);
  if (!over(total, budget, LAZY_FROM)) return [];
  const parts: LazyPart[] = [];
  let held = NONE;
  for (const [index, section] of sections.entries()) {
    held = add(held, section.weight);
    if (index === 0 || !over(held, budget, FOLD)) continue;
    const { weight: _weight, ...part } = section;
    parts.push({ ...part, path: `${versionRoute}${PARTS_FOLDER}/${partName(section.anchor)}.html` });
  }
  return parts;
}

/**
 * File names for anchors: the anchor itself when it is a plain lower-case slug, else its slug with a
 * short hash of the anchor, so that `repos/get`, `getBucket` and `GetBucket` never share a file,
 * even on a file system blind to case.
 */
function partName(anchor: string): string {
  const slug = slugify(anchor);
  if (slug === anchor) return slug;
  return `${slug}-${createHash('sha256').update(anchor).digest('hex').slice(0, 8)}`;
}

const NONE: Weight = { htmlBytes: 0, elements: 0 };

function add(a: Weight, b: Weight): Weight {
  return { htmlBytes: a.htmlBytes + b.htmlBytes, elements: a.elements + b.elements };
}

function over(weight: Weight, budget: PageBudget, share: number): boolean {
  return weight.htmlBytes > budget.htmlBytes * share || weight.elements > budget.elements * share;
}

/**
 * About what an operation's section weighs, from its model: the frame, the trees planned for it
 * (the plan is kept, so rendering does not plan again), the coloured samples and the examples.
 * Measured on our references: about 45 bytes an element outside the samples.
 */
export function operationWeight(op: OperationModel): Weight {
  const tree = operationBudget(op);
  const treeElements = Math.max(0, TREE_ELEMENTS - tree.elements);
  const treeBytes = Math.max(0, TREE_BYTES - tree.bytes);
  let elements = 90 + treeElements + op.parameters.length * 14 + op.responses.length * 12;
  let htmlBytes = 4000 + treeBytes + op.parameters.length * 700 + op.responses.length * 500;
  for (const sample of op.samples) {
    const tokens = sample.highlighted?.lines.reduce((n, line) => n + line.length + 1, 0) ?? 1;
    elements += tokens + 6;
    htmlBytes += sample.code.length + tokens * 38 + 300;
  }
  const media = [...(op.requestBody?.contents ?? []), ...op.responses.flatMap((r) => r.contents)];
  for (const example of media.flatMap((m) => m.examples)) {
    elements += 8;
    htmlBytes += example.value.length * 1.2 + 400;
  }
  for (const callback of op.callbacks)
    for (const inner of callback.operations) {
      const w = operationWeight(inner);
      elements += w.elements;
      htmlBytes += w.htmlBytes;
    }
  return { htmlBytes, elements };
}

/** A model's section: its tree as `SchemaView` draws it, named schemas inside it being links. */
function modelWeight(model: SchemaSectionModel): Weight {
  let nodes = 0;
  const stack: SchemaModel[] = [model.schema];
  while (stack.length > 0) {
    const node = stack.pop() as SchemaModel;
    nodes++;
    if (node.kind === 'link') continue;
    for (const p of [...node.properties, ...node.extraProperties]) stack.push(p.schema);
    if (node.items) stack.push(node.items);
    if (node.not) stack.push(node.not);
    for (const c of node.compositions) for (const v of c.variants) stack.push(v.schema);
  }
  return { htmlBytes: 300 + nodes * 241, elements: 6 + nodes * 7.3 };
}

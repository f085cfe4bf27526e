import { slugify } from '../../config/resolve.js';
import { uniqueSlug } from '../../sources/unique-slug.js';
import type { OperationSource } from './operation-model.js';
import type { TagGroup } from './operations.js';
import { pageOverhead, modelPageNodes, within, add, type PageBudget, type Weight } from './page-budget.js';
import { estimateNodes } from './schema-model.js';
import { CHANGELOG_SLUG } from './version-routes.js';

/**
 * The routes the second edition gave a split version, only to say which existed and which anchors
 * each held, so that each one the third edition no longer has gets a redirect page. The second
 * edition cut a tag too heavy for one page by size (`buckets/`, `buckets-2/`) and paged the models
 * by initial (`schemas/b/`, `schemas/w-2/`); nothing else uses this.
 */
export interface LegacyPage {
  route: string;
  /** The ids the page held: its operations' (or schemas') anchors, and its tag's. */
  anchors: string[];
  /** The anchor whose new place the page as a whole now is (its first operation or schema). */
  main: string | undefined;
}

/** A named schema as the registry placed it, in the registry's order. */
export interface LegacySchema {
  name: string;
  anchor: string;
  schema: unknown;
}

export function legacyPages(
  groups: readonly TagGroup[],
  weight: (source: OperationSource) => Weight,
  budget: PageBudget,
  route: string,
  schemas: readonly LegacySchema[],
): LegacyPage[] {
  const pages: LegacyPage[] = [];
  const taken = new Set([MODELS_SLUG, CHANGELOG_SLUG]);
  for (const group of groups) {
    const first = uniqueSlug(slugify(group.name), taken);
    groupParts(group.operations, weight, budget).forEach((operations, index) => {
      const slug = index === 0 ? first : uniqueSlug(`${first}-${index + 1}`, taken);
      const anchor = index === 0 ? group.anchor : `${group.anchor}-${index + 1}`;
      pages.push({
        route: `${route}${slug}/`,
        anchors: [anchor, ...operations.map((op) => op.id)],
        main: operations[0]?.id,
      });
    });
  }
  const pager = new ModelPager(`${route}${MODELS_SLUG}/`, modelPageNodes(budget));
  const models = new Map<string, string[]>();
  for (const { name, anchor, schema } of schemas) {
    const page = pager.place(name, schema);
    models.set(page, [...(models.get(page) ?? []), anchor]);
  }
  for (const [page, anchors] of models) pages.push({ route: page, anchors: ['models', ...anchors], main: anchors[0] });
  return pages;
}

const MODELS_SLUG = 'schemas';

/**
 * A group's operations cut into parts in their order, each filling the budget's share: the second
 * edition's `groupParts`. A part always takes at least one operation, however large.
 */
function groupParts(
  operations: readonly OperationSource[],
  weight: (source: OperationSource) => Weight,
  budget: PageBudget,
): OperationSource[][] {
  const parts: OperationSource[][] = [];
  let held = pageOverhead();
  for (const op of operations) {
    const w = weight(op);
    const current = parts.at(-1);
    if (current && within(add(held, w), budget)) {
      current.push(op);
      held = add(held, w);
    } else {
      parts.push([op]);
      held = add(pageOverhead(), w);
    }
  }
  return parts;
}

/**
 * The second edition's models pager: by initial (`schemas/b/`), an initial whose schemas were too
 * large for one page continuing on `schemas/b-2/`…, in the registry's order.
 */
class ModelPager {
  private readonly pages = new Map<string, { count: number; nodes: number }>();

  constructor(
    private readonly base: string,
    private readonly nodesPerPage: number,
  ) {}

  place(name: string, schema: unknown): string {
    const first = name.charAt(0).toLowerCase();
    const initial = /^[a-z]$/.test(first) ? first : 'other';
    const nodes = estimateNodes(schema);
    const current = this.pages.get(initial) ?? { count: 1, nodes: 0 };
    if (current.nodes > 0 && current.nodes + nodes > this.nodesPerPage) {
      current.count++;
      current.nodes = 0;
    }
    current.nodes += nodes;
    this.pages.set(initial, current);
    return `${this.base}${current.count === 1 ? initial : `${initial}-${current.count}`}/`;
  }
}

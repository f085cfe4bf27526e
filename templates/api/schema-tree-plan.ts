import type { ReactNode } from 'react';
import type { CompositionModel, OperationModel, SchemaModel, SchemaNodeModel } from './model.js';

/**
 * How much of the schema trees one operation section may show in place. Named schemas open inside one
 * another, so a tree can be as large as the whole document; past these figures the deeper levels stay
 * links to the models. Chosen so an operation section (with its parameters, samples and examples) stays
 * within about 1,500 elements and 100 KB.
 */
export const TREE_ELEMENTS = 700;
export const TREE_BYTES = 55_000;
const OPEN_COST = { elements: 4, bytes: 160 };

/** What is left to spend for one operation (its callbacks included), and the trees already planned with it. */
export interface TreeBudget {
  elements: number;
  bytes: number;
  /** By root model: a tree rendered again (another page, a second pass) comes out the same. */
  plans: Map<SchemaModel, TreeNode>;
}

export interface TreeLink {
  name: string;
  href: string;
  /** The schema is already open around this use: showing it again would never end. */
  circular: boolean;
}

/** One row of a tree as it will be shown: its facts, and the children opened in place (if any). */
export interface TreeNode {
  /** The facts shown: the schema itself, or the named schema's own tree; undefined for a circular link. */
  node: SchemaNodeModel | undefined;
  link: TreeLink | undefined;
  /** A `$ref`'s own description (3.1), shown before the schema's. */
  refDescription: ReactNode;
  /** The children below are planned; otherwise the row is a leaf (or a link to its model). */
  open: boolean;
  properties: Array<{ name: string; required: boolean; tree: TreeNode }>;
  /** Properties of this level that did not fit (top level only). */
  more: number;
  items: TreeNode | undefined;
  variants: Array<{ keyword: CompositionModel['keyword']; label: string; tree: TreeNode }>;
  not: TreeNode | undefined;
  /** The nearest named schema around this row: where a reader finds the part that stays closed. */
  home: { name: string; href: string } | undefined;
}

const budgets = new WeakMap<OperationModel, TreeBudget>();

/**
 * The budget of an operation's section, with every tree of it (callbacks included, as they are rendered
 * inside it) planned together: each tree gets its share of the first level, then deeper levels are opened
 * breadth first across all of them, so no tree takes everything because it comes first.
 */
export function operationBudget(op: OperationModel): TreeBudget {
  let budget = budgets.get(op);
  if (!budget) {
    budget = freshBudget();
    const roots: SchemaModel[] = [];
    const collect = (o: OperationModel): void => {
      budgets.set(o, budget as TreeBudget);
      for (const p of o.parameters) if (p.schema && expandable(p.schema)) roots.push(p.schema);
      for (const m of o.requestBody?.contents ?? []) if (m.schema) roots.push(m.schema);
      for (const r of o.responses) {
        for (const h of r.headers) if (h.schema) roots.push(h.schema);
        for (const m of r.contents) if (m.schema) roots.push(m.schema);
      }
      for (const callback of o.callbacks) for (const inner of callback.operations) collect(inner);
    };
    collect(op);
    planTrees(roots, budget);
  }
  return budget;
}

export function freshBudget(elements = TREE_ELEMENTS, bytes = TREE_BYTES): TreeBudget {
  return { elements, bytes, plans: new Map() };
}

/** The plan of one tree: planned with its operation's others, or on its own when it was not among them. */
export function planTree(root: SchemaModel, budget: TreeBudget): TreeNode {
  const known = budget.plans.get(root);
  if (known) return known;
  planTrees([root], budget);
  return budget.plans.get(root) as TreeNode;
}

/** True when a use of `schema` has more to show than its type: properties, items or variants. */
export function expandable(schema: SchemaModel): boolean {
  const node = schema.kind === 'link' ? schema.target : schema;
  return node !== undefined && hasChildren(node);
}

/**
 * Plans trees level by level (breadth first), so the first levels of every branch are shown before any
 * deeper one; a named schema already open on the path stays a link marked circular.
 */
function planTrees(roots: SchemaModel[], budget: TreeBudget): void {
  const queue: Array<{ tree: TreeNode; path: string[]; depth: number }> = [];
  for (const root of roots) {
    if (budget.plans.has(root)) continue;
    const top = leaf(root, [], undefined);
    budget.plans.set(root, top);
    const own = rowCost(root, '');
    budget.elements -= own.elements;
    budget.bytes -= own.bytes;
    queue.push({ tree: top, path: top.link ? [top.link.href] : [], depth: 0 });
  }
  let tops = queue.length;
  for (let i = 0; i < queue.length; i++) {
    const { tree, path, depth } = queue[i] as (typeof queue)[number];
    // A first level may be opened in part, within its share of what is left; deeper ones whole or not at all.
    const share =
      depth === 0
        ? { elements: budget.elements / tops, bytes: budget.bytes / tops }
        : { elements: budget.elements, bytes: budget.bytes };
    if (depth === 0) tops--;
    const node = tree.node;
    if (!node || !hasChildren(node)) continue;
    const rows = childRows(node);
    // Opening a level costs its frame (`<details>`, `<summary>`, list) and every row in it.
    const cost = rows.reduce((sum, row) => add(sum, rowCost(row.model, row.name)), OPEN_COST);
    if (!fits(share, cost) && depth > 0) continue;
    tree.open = true;
    const spent = add(OPEN_COST, { elements: 0, bytes: 0 });
    const home = tree.link && !tree.link.circular ? { name: tree.link.name, href: tree.link.href } : tree.home;
    for (const row of rows) {
      const price = rowCost(row.model, row.name);
      if (!fits(share, add(spent, price))) {
        if (row.kind === 'property') tree.more++;
        continue;
      }
      spent.elements += price.elements;
      spent.bytes += price.bytes;
      const child = leaf(row.model, path, home);
      if (row.kind === 'property') tree.properties.push({ name: row.name, required: row.required, tree: child });
      else if (row.kind === 'items') tree.items = child;
      else if (row.kind === 'not') tree.not = child;
      else if (row.kind === 'variant') tree.variants.push({ keyword: row.keyword, label: row.name, tree: child });
      queue.push({ tree: child, path: child.link ? [...path, child.link.href] : path, depth: depth + 1 });
    }
    budget.elements -= spent.elements;
    budget.bytes -= spent.bytes;
  }
}

/** The row of a model before its children are planned. */
function leaf(model: SchemaModel, path: string[], home: TreeNode['home']): TreeNode {
  const base = { open: false, properties: [], more: 0, items: undefined, variants: [], not: undefined, home };
  if (model.kind === 'node') return { ...base, node: model, link: undefined, refDescription: null };
  const circular = path.includes(model.href);
  return {
    ...base,
    node: circular ? undefined : model.target,
    link: { name: model.name, href: model.href, circular },
    refDescription: model.description,
  };
}

type Row =
  | { kind: 'property'; name: string; required: boolean; model: SchemaModel }
  | { kind: 'items' | 'not'; name: string; model: SchemaModel }
  | { kind: 'variant'; keyword: CompositionModel['keyword']; name: string; model: SchemaModel };

function childRows(node: SchemaNodeModel): Row[] {
  const rows: Row[] = [...node.properties, ...node.extraProperties].map((p) => ({
    kind: 'property' as const,
    name: p.name,
    required: p.required,
    model: p.schema,
  }));
  if (node.items && bareType(node.items) === undefined) rows.push({ kind: 'items', name: 'items', model: node.items });
  for (const composition of node.compositions)
    for (const variant of composition.variants)
      rows.push({
        kind: 'variant',
        keyword: composition.keyword,
        name: variantLabel(node, variant),
        model: variant.schema,
      });
  if (node.not) rows.push({ kind: 'not', name: 'not', model: node.not });
  return rows;
}

/** A variant is named by the discriminator values that select it, then by its schema's name. */
function variantLabel(node: SchemaNodeModel, variant: CompositionModel['variants'][number]): string {
  const href = variant.schema.kind === 'link' ? variant.schema.href : undefined;
  const values = node.discriminator?.mapping.filter((m) => href !== undefined && m.href === href).map((m) => m.value);
  return values && values.length > 0 ? `${values.join(', ')} (${variant.label})` : variant.label;
}

/** The type of items that say nothing more than it (`string`, `integer<int64>`), shown on the array's line. */
export function bareType(items: SchemaModel): string | undefined {
  if (items.kind === 'link' || items.weight.elements > 0 || items.title !== undefined || hasChildren(items))
    return undefined;
  if (items.nullable || items.readOnly || items.writeOnly || items.deprecated) return undefined;
  return items.type || 'any';
}

export function hasChildren(node: SchemaNodeModel): boolean {
  return (
    node.properties.length > 0 ||
    node.extraProperties.length > 0 ||
    (node.items !== undefined && bareType(node.items) === undefined) ||
    node.compositions.length > 0 ||
    node.not !== undefined
  );
}

/** Elements and bytes of one row as SchemaTree renders it (the row's frame, its facts and its `<details>`). */
function rowCost(model: SchemaModel, name: string): { elements: number; bytes: number } {
  const node = model.kind === 'link' ? model.target : model;
  const facts = node?.weight ?? { elements: 2, bytes: 80 };
  return { elements: 8 + facts.elements, bytes: 420 + name.length * 2 + facts.bytes };
}

function add(a: { elements: number; bytes: number }, b: { elements: number; bytes: number }) {
  return { elements: a.elements + b.elements, bytes: a.bytes + b.bytes };
}

function fits(budget: { elements: number; bytes: number }, cost: { elements: number; bytes: number }): boolean {
  return cost.elements <= budget.elements && cost.bytes <= budget.bytes;
}

import type { ReactNode } from 'react';
import type { CompositionModel, OperationModel, PropertyModel, SchemaModel, SchemaNodeModel } from './model.js';

/**
 * How much of the schema trees one operation section may show in closed levels. Named schemas open inside
 * one another, so a tree can be as large as the whole document; past these figures the deeper levels stay
 * links to the models. The levels shown without a click are always whole and spend from the same figures.
 */
export const TREE_ELEMENTS = 700;
export const TREE_BYTES = 55_000;
const OPEN_COST = { elements: 4, bytes: 160 };
/**
 * Rows one operation section shows without a click, across all its trees. Real contracts stay far below
 * (GitHub's largest operation shows a few hundred); it only bounds a hostile document whose operations
 * each use many wide schemas, where the rest of a level is then counted and linked to its model.
 */
export const SHOWN_ROWS = 1_500;

/** What is left to spend for one operation (its callbacks included), and the trees already planned with it. */
export interface TreeBudget {
  elements: number;
  bytes: number;
  /** By root model: a tree rendered again (another page, a second pass) comes out the same. */
  plans: Map<SchemaModel, TreeNode>;
  /** Rows still to show without a click (see SHOWN_ROWS). */
  shownRows: number;
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
  properties: Array<{ name: string; required: boolean; from: PropertyModel['from']; tree: TreeNode }>;
  /** Rows of a level shown in place that went past SHOWN_ROWS (a hostile document only). */
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
  return { elements, bytes, plans: new Map(), shownRows: SHOWN_ROWS };
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
 * deeper one; a named schema already open on the path stays a link marked circular. The levels a reader
 * sees without a click (each tree's own rows, and those of its items) are always shown whole, whatever
 * they cost: a body's fields are never replaced by a link to its model. Only what sits in a closed
 * `<details>` is held to the budget, whole or not at all.
 */
function planTrees(roots: SchemaModel[], budget: TreeBudget): void {
  type Entry = { tree: TreeNode; path: string[]; shown: boolean };
  const queue: Entry[] = [];
  // Levels shown in place are planned before any closed one, so they are never starved by them.
  const shown: Entry[] = [];
  for (const root of roots) {
    if (budget.plans.has(root)) continue;
    const top = leaf(root, [], undefined);
    budget.plans.set(root, top);
    spend(budget, rowCost(root, ''));
    shown.push({ tree: top, path: top.link ? [top.link.href] : [], shown: true });
  }
  for (let i = 0; shown.length > 0 || i < queue.length;) {
    const entry = (shown.length > 0 ? shown.shift() : queue[i++]) as Entry;
    const { tree, path } = entry;
    const node = tree.node;
    if (!node || !hasChildren(node)) continue;
    const rows = childRows(node);
    // Opening a level costs its frame (`<details>`, `<summary>`, list) and every row in it.
    const cost = rows.reduce(
      (sum, row) => add(sum, rowCost(row.model, row.name, row.kind === 'property' ? row.from : undefined)),
      OPEN_COST,
    );
    if (!entry.shown && !fits(budget, cost)) continue;
    tree.open = true;
    spend(budget, cost);
    const home = tree.link && !tree.link.circular ? { name: tree.link.name, href: tree.link.href } : tree.home;
    for (const row of rows) {
      if (entry.shown && row.kind === 'property' && budget.shownRows-- <= 0) {
        tree.more++;
        continue;
      }
      const child = leaf(row.model, path, home);
      if (row.kind === 'property')
        tree.properties.push({ name: row.name, required: row.required, from: row.from, tree: child });
      else if (row.kind === 'items') tree.items = child;
      else if (row.kind === 'not') tree.not = child;
      else if (row.kind === 'variant') tree.variants.push({ keyword: row.keyword, label: row.name, tree: child });
      const next = { tree: child, path: child.link ? [...path, child.link.href] : path };
      // Items and `not` of a level shown in place are drawn in place too (SchemaTree wraps only rows and variants).
      if (entry.shown && (row.kind === 'items' || row.kind === 'not')) shown.push({ ...next, shown: true });
      else queue.push({ ...next, shown: false });
    }
  }
}

function spend(budget: TreeBudget, cost: { elements: number; bytes: number }): void {
  budget.elements -= cost.elements;
  budget.bytes -= cost.bytes;
}

/** The row of a model before its children are planned. */
function leaf(model: SchemaModel, path: string[], home: TreeNode['home']): TreeNode {
  const base = { open: false, properties: [], more: 0, items: undefined, variants: [], not: undefined, home };
  if (model.kind === 'node') return { ...base, node: model, link: undefined, refDescription: null };
  const circular = path.includes(model.href);
  return {
    ...base,
    node: circular ? undefined : model.nullable && model.target ? { ...model.target, nullable: true } : model.target,
    link: { name: model.name, href: model.href, circular },
    refDescription: model.description,
  };
}

type Row =
  | { kind: 'property'; name: string; required: boolean; from: PropertyModel['from']; model: SchemaModel }
  | { kind: 'items' | 'not'; name: string; model: SchemaModel }
  | { kind: 'variant'; keyword: CompositionModel['keyword']; name: string; model: SchemaModel };

function childRows(node: SchemaNodeModel): Row[] {
  const rows: Row[] = [...node.properties, ...node.extraProperties].map((p) => ({
    kind: 'property' as const,
    name: p.name,
    required: p.required,
    from: p.from,
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
function rowCost(model: SchemaModel, name: string, from?: PropertyModel['from']): { elements: number; bytes: number } {
  const node = model.kind === 'link' ? model.target : model;
  const facts = node?.weight ?? { elements: 2, bytes: 80 };
  // The "from AuditFields" note: a span and its link.
  const note = from ? { elements: 2, bytes: 70 + from.name.length + from.href.length } : { elements: 0, bytes: 0 };
  return { elements: 8 + facts.elements + note.elements, bytes: 420 + name.length * 2 + facts.bytes + note.bytes };
}

function add(a: { elements: number; bytes: number }, b: { elements: number; bytes: number }) {
  return { elements: a.elements + b.elements, bytes: a.bytes + b.bytes };
}

function fits(budget: { elements: number; bytes: number }, cost: { elements: number; bytes: number }): boolean {
  return cost.elements <= budget.elements && cost.bytes <= budget.bytes;
}

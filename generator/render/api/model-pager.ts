import { estimateNodes } from './schema-model.js';

/**
 * Pages a large API's models like a dictionary: by initial (`schemas/b/`), and an initial whose
 * schemas are too large for one page continues on `schemas/b-2/`, `schemas/b-3/`… Schemas must be
 * placed in a stable order (the registry places components by name, then the others as found).
 */
export class ModelPager {
  private readonly pages = new Map<string, { count: number; nodes: number }>();

  /** `nodesPerPage`: the schema nodes one page may hold before the next page of the same initial starts (see `modelPageNodes`). */
  constructor(
    private readonly base: string,
    private readonly nodesPerPage: number,
  ) {}

  /** The route of the page `name` goes on. */
  place(name: string, schema: unknown): string {
    const initial = this.initialOf(name);
    const nodes = estimateNodes(schema);
    const current = this.pages.get(initial) ?? { count: 1, nodes: 0 };
    // A page always takes at least one schema, however large.
    if (current.nodes > 0 && current.nodes + nodes > this.nodesPerPage) {
      current.count++;
      current.nodes = 0;
    }
    current.nodes += nodes;
    this.pages.set(initial, current);
    return `${this.base}${current.count === 1 ? initial : `${initial}-${current.count}`}/`;
  }

  /** The initial a name (or a page's route) is filed under: its first letter, or `other`. */
  initialOf(nameOrRoute: string): string {
    if (nameOrRoute.startsWith(this.base)) return nameOrRoute.slice(this.base.length).split(/[-/]/)[0] ?? '';
    const first = nameOrRoute.charAt(0).toLowerCase();
    return /^[a-z]$/.test(first) ? first : 'other';
  }

  isFirst(route: string): boolean {
    return !/-\d+\/$/.test(route);
  }
}

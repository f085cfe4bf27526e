import type { sidebarTrails } from '../content/index.js';
import { withBase } from '../content/plugins/urls.js';
import type { CompiledPage } from '../content/types.js';

/** The docs in reading order, and where each route first comes in it (every page asks for its own). */
export interface ReadingOrder {
  entries: ReadonlyArray<{ label: string; route: string }>;
  at: ReadonlyMap<string, number>;
}

export function readingOrder(entries: ReadonlyArray<{ label: string; route: string }>): ReadingOrder {
  const at = new Map<string, number>();
  entries.forEach((entry, index) => {
    if (!at.has(entry.route)) at.set(entry.route, index);
  });
  return { entries, at };
}

export function docModel(
  doc: CompiledPage,
  trails: ReturnType<typeof sidebarTrails>,
  reading: ReadingOrder,
  base: string,
) {
  const trail = trails.get(doc.route) ?? [];
  const crumbs = trail
    .filter((c) => c.route !== doc.route)
    .map((c) => ({ label: c.label, href: c.route ? withBase(base, c.route) : undefined }));
  const at = reading.at.get(doc.route) ?? -1;
  const neighbour = (index: number) => {
    const entry = at === -1 ? undefined : reading.entries[index];
    return entry ? { label: entry.label, href: withBase(base, entry.route) } : undefined;
  };
  return {
    title: doc.frontMatter.title,
    route: doc.route,
    breadcrumbs: [...crumbs, { label: doc.frontMatter.sidebarLabel ?? doc.frontMatter.title, href: undefined }],
    toc: doc.toc,
    previous: at > 0 ? neighbour(at - 1) : undefined,
    next: at !== -1 ? neighbour(at + 1) : undefined,
  };
}

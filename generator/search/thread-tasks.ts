import type { TaskReply, TaskRequest } from '../workers/protocol.js';
import { readIndex, type BundleFile } from './pagefind-index/read.js';
import { storedUnits, type IndexStore } from './pagefind-index/store.js';
import type { IndexCommon, IndexedUnit } from './pagefind-index/unit.js';
import { writeIndex } from './pagefind-index/write.js';

/**
 * What the build asks of the search thread about the index kept from its last build (`store`, a
 * number the build gives it): to read it (`hold`), to write the new index from it and the pages
 * Pagefind analysed now (`merge`), or to let it go (`drop`).
 */
export type SearchRequest = TaskRequest & { kind: 'search'; store: number } & (
    | { op: 'hold'; stored: IndexStore; language: string }
    | { op: 'merge'; items: Array<[key: string, url: string]>; analysed: BundleFile[]; language: string }
    | { op: 'drop' }
  );

/** The merged index's files; none when the kept index could not be read (the index is then built whole). */
export type MergeReply = BundleFile[] | undefined;

const held = new Map<number, ReturnType<typeof storedUnits>>();

/**
 * The search index after an edit, on a thread of its own: the index kept from the last build is read
 * back whole (every page's words) and the new one written whole from it, about a fifth of an edit's
 * time on the build's own thread, which meanwhile renders the edited page and its twin.
 */
export async function run(request: TaskRequest): Promise<TaskReply> {
  const asked = request as SearchRequest;
  if (asked.op === 'hold') held.set(asked.store, storedUnits(asked.stored, asked.language));
  if (asked.op === 'hold' || asked.op === 'drop') {
    if (asked.op === 'drop') held.delete(asked.store);
    return { ok: true, value: undefined };
  }
  const stored = held.get(asked.store);
  held.delete(asked.store);
  const value: MergeReply = stored && mergedIndex(asked.items, stored, asked.analysed, asked.language);
  return { ok: true, value };
}

/** The index of `items`: each page kept from the last build where its key is the same, or as analysed now. */
function mergedIndex(
  items: ReadonlyArray<[key: string, url: string]>,
  stored: NonNullable<ReturnType<typeof storedUnits>>,
  analysed: readonly BundleFile[],
  language: string,
): BundleFile[] {
  const now = analysed.length > 0 ? readIndex(analysed, language) : undefined;
  const byUrl = new Map((now?.units ?? []).map((unit) => [unit.url, unit]));
  const units = items.flatMap(([key, url]): IndexedUnit[] => {
    const unit = stored.units.has(key) ? stored.units.get(key) : byUrl.get(url);
    return unit ? [unit] : [];
  });
  const common: IndexCommon = now?.common ?? stored.common;
  return [...writeIndex(units, common, language, stored.chunks)].map(([path, content]) => ({ path, content }));
}

import type { KnownPage } from '../search/index.js';
import type { OutputEntry } from './output-stats.js';

/** What a build records of each page it wrote, for the next build into the same folder (`LastOutput`). */
export interface RecordedPage {
  /** Under the output folder: `site/…/index.html`. */
  path: string;
  /** The cache key of its HTML (`html`): a page made from the same key has the same bytes. */
  key: string;
  /** What a reference page weighs (`PageWeight`), which the build reports. */
  weight?: { htmlBytes: number; elements: number };
  /** What the search index took of it. */
  search?: KnownPage;
}

/** A page the last build left, as it recorded it, with the file it left. */
export interface LeftPage {
  page: RecordedPage;
  entry: OutputEntry;
}

/**
 * The pages the last build into the output folder recorded (in its signed record, see
 * build-record.ts), with the files it left. A page this build makes from the same key as the last
 * one did need not be read from the cache, nor compared with the file there: the file is linked
 * into the new output as it is, once it is seen to be the one the last build left (same inode,
 * size and times: see `UnchangedFiles.linkAsRecorded`).
 */
export class LastOutput {
  static readonly NONE = new LastOutput(new Map());

  private constructor(private readonly pages: ReadonlyMap<string, LeftPage>) {}

  static of(entries: readonly OutputEntry[], pages: readonly RecordedPage[]): LastOutput {
    const files = new Map(entries.map((entry) => [entry[0], entry]));
    const left = new Map<string, LeftPage>();
    for (const page of pages) {
      const entry = files.get(page.path);
      if (entry?.[1] === 'file') left.set(page.path, { page, entry });
    }
    return new LastOutput(left);
  }

  /** The page at `path` (`site/…`) when the last build made it from `key`. */
  page(path: string, key: string): LeftPage | undefined {
    const left = this.pages.get(path);
    return left?.page.key === key ? left : undefined;
  }
}

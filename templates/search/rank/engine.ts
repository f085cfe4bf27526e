/** What a full-text result says of itself once loaded (Pagefind's fragment, as the search uses it). */
export interface EngineData {
  url: string;
  meta: Record<string, string | undefined>;
  excerpt: string;
  filters: Record<string, string[] | undefined>;
  sub_results?: Array<{
    title: string;
    url: string;
    excerpt: string;
    anchor?: { id?: string };
    locations?: number[];
    /** Each matched word with its weight in the ranking (a rare word weighs more than a common one). */
    weighted_locations?: Array<{ balanced_score?: number }>;
  }>;
}

/** One result of the full-text index, its data loaded on demand. */
export interface EngineResult {
  id: string;
  score: number;
  data: () => Promise<EngineData>;
}

/** The full-text index as the ranking uses it: Pagefind, in the browser or in Node. */
export interface Engine {
  search(text: string, filters: Record<string, string>): Promise<EngineResult[]>;
}

/**
 * Pagefind's options wherever the site is searched (the dialog, the MCP server), so both rank alike.
 * `pageLength`: how much a long page is held against it, 0.75 by Pagefind's default; the platform's
 * guides are long pages of many steps, and a question belongs to them (tuned on the query set).
 */
export const PAGEFIND_OPTIONS = { excerptLength: 24, ranking: { pageLength: 0.1 } } as const;

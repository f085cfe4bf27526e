/**
 * The file of the search folder that holds what a query can name exactly: JSON, gzipped by the
 * build (about a sixth of its size) since a static host may serve it as it is.
 */
export const SYMBOLS_FILE = 'symbols.json.gz';

/**
 * What a reader can name exactly, beside the full-text index: each operation of every API's newest
 * version by its call, each model by its name and allowed values, the error messages operations
 * answer with, and the compound words of the platform's vocabulary with their parts. Written by the
 * build into the search folder; read by the search dialog and the MCP server alike.
 */
export interface SearchSymbols {
  /** `[method, path, operationId, url, title, service]`; the path as the reference shows it. */
  operations: Array<[string, string, string, string, string, string]>;
  /** `[name, url, service, allowed values]`. */
  models: Array<[string, string, string, string[]]>;
  /** `[message, indexes in operations]`: a message that error responses carry, and who answers it. */
  errors: Array<[string, number[]]>;
  /** `[compound, its words]`: `['datasource', 'data source']`. */
  compounds: Array<[string, string]>;
}

export const NO_SYMBOLS: SearchSymbols = { operations: [], models: [], errors: [], compounds: [] };

/** An identifier as it can be typed in any case and style: `data_index`, `dataIndex`, `DataIndex` → `dataindex`. */
export function identifierKey(text: string): string {
  return text.toLowerCase().replace(/[\s_\-.]+/g, '');
}

/**
 * The symbols file's bytes read: gzipped as the build wrote it, or already inflated by a host that
 * serves `.gz` files with `Content-Encoding: gzip`. Anything else is no symbols at all.
 */
export async function readSymbols(bytes: Uint8Array): Promise<SearchSymbols> {
  try {
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
    const inflated = gzipped
      ? new Uint8Array(
          await new Response(
            new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream('gzip')),
          ).arrayBuffer(),
        )
      : bytes;
    const parsed: unknown = JSON.parse(new TextDecoder().decode(inflated));
    return isSearchSymbols(parsed) ? parsed : NO_SYMBOLS;
  } catch {
    return NO_SYMBOLS;
  }
}

/** Whether a parsed file is a symbols file (a hand-edited or stale one is no symbols at all). */
function isSearchSymbols(value: unknown): value is SearchSymbols {
  if (typeof value !== 'object' || value === null) return false;
  const symbols = value as Record<string, unknown>;
  return ['operations', 'models', 'errors', 'compounds'].every((key) => Array.isArray(symbols[key]));
}

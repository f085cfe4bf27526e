/**
 * What an entry of each kind must look like to be used. An entry is only ever written by this code
 * under a key that names its kind and the code's fingerprint, but the folder is the user's: a file
 * damaged, copied from elsewhere or written by hand must count as a miss, not reach the build as
 * problems with the user's own files. Checked structurally, down to the fields the build reads.
 */
type Guard = (value: unknown) => boolean;

const isString: Guard = (v) => typeof v === 'string';
const isNumber: Guard = (v) => typeof v === 'number';
const isBoolean: Guard = (v) => typeof v === 'boolean';
const isBigInt: Guard = (v) => typeof v === 'bigint';
const isBytes: Guard = (v) => v instanceof Uint8Array;
const optional =
  (g: Guard): Guard =>
  (v) =>
    v === undefined || g(v);
const nullable =
  (g: Guard): Guard =>
  (v) =>
    v === null || g(v);
const arrayOf =
  (g: Guard): Guard =>
  (v) =>
    Array.isArray(v) && v.every(g);
const tuple =
  (...gs: Guard[]): Guard =>
  (v) =>
    Array.isArray(v) && v.length === gs.length && gs.every((g, i) => g(v[i]));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const fields =
  (shape: Record<string, Guard>): Guard =>
  (v) =>
    isObject(v) && Object.entries(shape).every(([name, g]) => g(Object.hasOwn(v, name) ? v[name] : undefined));
const dictionaryOf =
  (g: Guard): Guard =>
  (v) =>
    isObject(v) && Object.values(v).every(g);

export const isDiagnostic: Guard = fields({
  file: isString,
  line: isNumber,
  column: isNumber,
  severity: (v) => v === 'error' || v === 'warning',
  rule: isString,
  message: isString,
  pointer: optional(isString),
});

const isCachedPage: Guard = fields({
  tree: isString,
  twin: isString,
  treeHash: isString,
  anchors: arrayOf(isString),
  toc: arrayOf(fields({ depth: isNumber, text: isString, id: isString })),
  links: arrayOf(
    fields({
      url: isString,
      route: optional(isString),
      hash: optional(isString),
      markdown: isBoolean,
      line: isNumber,
      column: isNumber,
    }),
  ),
  diagnostics: arrayOf(isDiagnostic),
  routes: arrayOf(tuple(isString, nullable(isString))),
  images: arrayOf(fields({ source: isString, target: isString })),
  contracts: nullable(isString),
});

const isReferenceSummary: Guard = fields({
  pages: arrayOf(
    fields({ apiId: isString, route: isString, title: isString, description: isString, anchors: arrayOf(isString) }),
  ),
  files: arrayOf(tuple(isString, isBytes)),
  redirects: arrayOf(
    fields({
      apiId: isString,
      route: isString,
      to: isString,
      title: isString,
      anchors: arrayOf(fields({ id: isString, href: isString, label: isString })),
    }),
  ),
});

const SHAPES = {
  /** A YAML file's data: any JSON-like value, under `data`. */
  yaml: (v: unknown) => isObject(v) && Object.hasOwn(v, 'data'),
  /** Diagnostics of a contract's checks. */
  contracts: arrayOf(isDiagnostic),
  /** A service's declarations. */
  types: fields({ declarations: isString, renamed: arrayOf(fields({ schema: isString, name: isString })) }),
  /** A compiled content page. */
  pages: isCachedPage,
  /** An API's reference pages (summaries) and downloads. */
  reference: isReferenceSummary,
  /** TypeScript request samples, by request. */
  samples: dictionaryOf(isString),
  /** A rendered page, the announcement bar, or the generated favicon. */
  html: (v: unknown) => typeof v === 'string' || v instanceof Uint8Array,
  /** `/llms.txt`, printed. */
  'llms-txt': isString,
  /** A navbar item known to render. */
  navbar: (v: unknown) => v === true,
  /** A page's Markdown twin, its part of llms-full.txt, and the links its check follows. */
  markdown: fields({
    markdown: isString,
    full: isString,
    links: arrayOf(
      fields({ url: isString, at: (v: unknown) => v === undefined || fields({ line: isNumber, column: isNumber })(v) }),
    ),
  }),
  /** The client's bundles. */
  client: fields({ js: isString, css: isString }),
  /** The search index's files, by path. */
  search: arrayOf(tuple(isString, isBytes)),
  /** The last search index of a site, and the key and URL of each page and record it holds. */
  'search-units': fields({
    items: arrayOf(tuple(isString, isString)),
    files: arrayOf(tuple(isString, isBytes)),
  }),
  /** The search's view of the API reference: the index's records, and the symbols beside it. */
  'search-api': fields({
    records: arrayOf(
      fields({
        url: isString,
        content: isString,
        meta: fields({ title: isString, kind: isString, service: isString, operationId: optional(isString) }),
        filters: dictionaryOf(arrayOf(isString)),
      }),
    ),
    symbols: fields({
      operations: arrayOf(tuple(isString, isString, isString, isString, isString, isString)),
      models: arrayOf(tuple(isString, isString, isString, arrayOf(isString))),
      errors: arrayOf(tuple(isString, arrayOf(isNumber))),
      compounds: arrayOf(tuple(isString, isString)),
    }),
  }),
  /** What the last build into an output folder was made with, and what it left there. */
  output: fields({
    settings: isString,
    templates: isString,
    dated: nullable(fields({ folder: isString, display: isString, files: arrayOf(isString), dates: isString })),
    entries: arrayOf(tuple(isString, isString, isBigInt, isBigInt, isBigInt, isBigInt)),
    pages: arrayOf(
      fields({
        path: isString,
        key: isString,
        weight: optional(fields({ htmlBytes: isNumber, elements: isNumber })),
        search: optional(fields({ context: isString, key: isString })),
      }),
    ),
  }),
} satisfies Record<string, Guard>;

export type CacheKind = keyof typeof SHAPES;

/** Whether `value` is what an entry of `kind` holds. */
export function fitsKind(kind: CacheKind, value: unknown): boolean {
  return SHAPES[kind](value);
}

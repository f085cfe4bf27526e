/**
 * Groups for the operations of a large document that has no tags: by the path segment that names
 * the resource (`/v1/customers/{id}/sources` → Customers), so the reference splits as a tagged one does.
 */
export interface PathGroup {
  /** The segment the group is named for, as written. */
  segment: string;
  /** The path up to and including that segment (`/v1/customers`). */
  prefix: string;
  /** The segment made readable: `payment_intents` → `Payment intents`. */
  label: string;
}

/**
 * Picks, for each of `paths`, the first segment that names something: not a path parameter, not a
 * version (`v1`, `v2beta1`, `1.0`, `2010-04-01`), and not part of a prefix every path shares
 * (`/api/…`). A path with no such segment (`/`, `/v1`, `/{id}`) gets no group.
 */
export function pathGrouping(paths: readonly string[]): (path: string) => PathGroup | undefined {
  const shared = sharedSegments(paths.map(segmentsOf));
  return (path) => {
    const segments = segmentsOf(path);
    const naming = segments.map((s, i) => ({ s, i })).filter(({ s }) => !isParameter(s) && !isVersion(s));
    // A path that ends within the shared prefix (`/api/things` beside `/api/things/{id}/parts`)
    // is named by the deepest segment it has.
    const chosen = naming.find(({ i }) => i >= shared) ?? naming.at(-1);
    if (!chosen) return undefined;
    const segment = chosen.s.replace(FORMAT_SUFFIX, '');
    const prefix = `/${[...segments.slice(0, chosen.i), segment].join('/')}`;
    return { segment, prefix, label: readable(segment) };
  };
}

/** `/Accounts.json` and `/Accounts/{Sid}.json` (Twilio's style) belong to one group. */
const FORMAT_SUFFIX = /\.(json|xml|ya?ml|csv|txt|html?)$/i;

function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** How many leading segments every path has in common. */
function sharedSegments(all: readonly string[][]): number {
  const [first, ...rest] = all;
  if (!first) return 0;
  let n = 0;
  while (n < first.length && rest.every((segments) => segments[n] === first[n])) n++;
  return n;
}

export function isParameter(segment: string): boolean {
  return segment.includes('{') || segment.startsWith(':');
}

/**
 * `v1`, `v2beta1`, `v1.2`, `1.0`, `2010-04-01`: the API's version, not a resource. Each repetition
 * starts with a separator or a letter, so the match stays linear on a stranger's path.
 */
export function isVersion(segment: string): boolean {
  return /^v\d+(?:[._-]?(?:alpha|beta|rc)\d*|[._-]\d+)*$/i.test(segment) || /^\d+(?:[._-]\d+)*$/.test(segment);
}

/** `payment_intents`, `payment-intents` and `paymentIntents` all read `Payment intents`; `OAuth2` stays. */
export function readable(segment: string): string {
  const words = segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.~-]+/)
    .filter((w) => w !== '')
    .map((w, i) => (i > 0 && /^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w));
  const text = words.join(' ') || segment;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

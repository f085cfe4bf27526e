/**
 * Headers both servers send with every response. `nosniff` makes a browser take each file as the
 * type it is served as, never guess script or HTML from its bytes.
 */
export const NOSNIFF = { 'x-content-type-options': 'nosniff' } as const;

/**
 * The Content-Security-Policy of a page: what the site's own pages need and no more. `scripts`
 * are the sources of the page's inline scripts (`headScriptSources`); everything else is the
 * bundle, a same-origin file. The search runs Pagefind's WebAssembly, which needs
 * `'wasm-unsafe-eval'` (compiling WebAssembly only: `eval` and `new Function` stay blocked).
 */
export function pagePolicy(scripts: readonly string[]): string {
  return policy([
    ['default-src', "'self'"],
    ['script-src', "'self'", "'wasm-unsafe-eval'", ...scripts],
    // Highlighted code, the announcement bar and API colours are style attributes; no page has a
    // <style> element, so where a browser tells the two apart, elements stay same-origin only.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['style-src-elem', "'self'"],
    ['style-src-attr', "'unsafe-inline'"],
    // Content may show remote images and data: URLs (http, https and data are the image URLs it allows).
    ['img-src', "'self'", 'data:', 'https:', 'http:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ]);
}

/**
 * Every file that is not a page (an SVG or a JSON file opened on its own, say) is shown in a
 * sandbox without script, and may load nothing but its own images and styles.
 */
export const FILE_POLICY = policy([
  ['default-src', "'none'"],
  ['img-src', "'self'", 'data:'],
  ['style-src', "'self'", "'unsafe-inline'"],
  ['font-src', "'self'", 'data:'],
  ['frame-ancestors', "'self'"],
  ['sandbox'],
]);

function policy(directives: ReadonlyArray<readonly string[]>): string {
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * What only API reference pages use, one chunk loaded by the first API page shown (api-lazy.ts):
 * the stubs of long pages filled as the reader nears them, the sidebar following the reading.
 */
export { installApiParts, loadNamedPart } from './api-parts.js';
export { attachApiScrollNav } from './api-scroll-nav.js';

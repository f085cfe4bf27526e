import type { RuleDescriptor } from '../diagnostics/severity.js';

/**
 * Reported by `index.ts` when openapi-typescript fails on a contract the checks let through, or (for
 * `specsite types`) when what it wrote does not compile.
 */
export const typesGeneration: RuleDescriptor = {
  id: 'types-generation',
  severity: 'error',
  configurable: true,
  doc: 'the type generator (openapi-typescript) can type the contract, and (`specsite types`) the declarations it writes compile under `tsc --strict`; set below `error`, a contract it cannot type is left out of the types package (and its reference gets no TypeScript sample) while its reference page is still built',
};

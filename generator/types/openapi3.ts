import { pathToFileURL } from 'node:url';
import type { Contract } from '../contracts/validate.js';

/**
 * The file of a 3.x contract that spans several files, which Redocly's bundler walks before the
 * type generator sees one document; undefined for a contract in one file (or a converted 2.0 one).
 */
export function typeSource(contract: Contract): URL | undefined {
  return contract.specVersion !== '2.0' && contract.sources.files.size > 1 ? pathToFileURL(contract.path) : undefined;
}

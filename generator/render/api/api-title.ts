import { asRecord, asString } from './resolver.js';

/** An API's title: the config's, else the contract's `info.title`, else its id. */
export function apiTitle(configured: string | undefined, document: Record<string, unknown>, apiId: string): string {
  return configured ?? (asString(asRecord(document.info).title) || apiId);
}

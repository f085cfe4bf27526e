import { z } from 'zod';
import type { PublishedSite } from '../site.js';

/** The arguments the tools share, each described for the model that fills them in. */
export function serviceInput(site: PublishedSite) {
  const ids = site.index.apis.map((a) => a.id);
  return z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe(`The API's id: ${ids.length > 0 ? ids.join(', ') : 'this site has no API'}.`);
}

export const versionInput = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .optional()
  .describe('A version of the API, as the reference names it (`3.1.0`); the newest when left out.');

export const nameInput = (what: string) => z.string().trim().min(1).max(500).describe(what);

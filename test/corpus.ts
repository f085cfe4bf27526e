import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';

/**
 * The real-world corpus of OpenAPI documents (the folder holding MANIFEST.tsv): `SPECSITE_CORPUS`,
 * or `../shared/corpus/openapi` beside the clone. It is not part of the repository, so a clone may
 * have none.
 */
export const CORPUS = resolve(process.env.SPECSITE_CORPUS || '../shared/corpus/openapi');

const FOUND = existsSync(join(CORPUS, 'MANIFEST.tsv'));
const HOW = 'set SPECSITE_CORPUS=/path/to/corpus/openapi (the folder holding MANIFEST.tsv)';
// CI must run it, and so must a run that named a corpus: a missing one there is a mistake, not a choice.
const REQUIRED = /^(true|1)$/i.test(process.env.CI ?? '') || Boolean(process.env.SPECSITE_CORPUS);

/** Why the corpus tests cannot run here, or undefined when they can. */
const missing = FOUND ? undefined : `no corpus at ${CORPUS} (no MANIFEST.tsv)`;

/**
 * Declares the tests that read the corpus, inside one suite: they run when it is there; without it
 * the suite is one line, a skip saying how to run it, or in CI (and with SPECSITE_CORPUS) a failure.
 */
export function corpusSuite(name: string, define: () => void | Promise<void>): void {
  if (missing === undefined) describe(name, define);
  else if (!REQUIRED) describe(name, { skip: `not run: ${missing}; ${HOW} to run it (CI requires it)` }, () => {});
  else
    test(name, () => {
      const error = new Error(`the real-world corpus is required here but missing: ${missing}; ${HOW}`);
      // One line, no stack: where this was thrown says nothing the message does not.
      error.stack = error.message;
      throw error;
    });
}

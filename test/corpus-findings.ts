import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Diagnostic } from '../generator/diagnostics/diagnostic.js';
import { validateContract, type Contract } from '../generator/contracts/validate.js';
import { referenceDocument } from '../generator/render/api/document.js';
import { CORPUS } from './corpus.js';
import { checkAgreement, type AgreementTally } from './examples-agree-check.js';
import { checkGenerated, type GeneratedTally } from './generated-examples-check.js';

/** What the checks of corpus-checks.test.ts found in one document. */
export interface Findings {
  /** The document's validation, at the rules' own severities. */
  diagnostics: Diagnostic[];
  /** Public documents only. */
  examples?: Promise<ExampleFindings>;
}

export interface ExampleFindings {
  /** The examples' agreement with their schemas and with the samples. */
  agreement: { tally: AgreementTally; problems: string[] };
  /** The generated examples against their schemas. */
  generated: { tally: GeneratedTally; problems: string[] };
}

const found = new Map<string, Promise<Findings>>();

/**
 * Every check of the corpus's contracts on one document (`file`, as MANIFEST.tsv names it), run
 * once per process whichever test asks first: reading and judging GitHub's 13 MB description
 * takes seconds, and each test would otherwise do it again. Only the findings are kept, not the
 * document, so the corpus is never all in memory.
 */
export function corpusFindings(file: string, group: 'public' | 'invalid'): Promise<Findings> {
  let findings = found.get(file);
  if (!findings) {
    findings = findingsOf(join(CORPUS, file), group);
    found.set(file, findings);
  }
  return findings;
}

async function findingsOf(path: string, group: 'public' | 'invalid'): Promise<Findings> {
  const { contract, diagnostics } = await validateContract(path);
  if (group !== 'public') return { diagnostics };
  // A document the examples' checks cannot go through fails their tests, not the verdict's.
  const examples = examplesOf(path, contract);
  examples.catch(() => undefined);
  return { diagnostics, examples };
}

async function examplesOf(path: string, contract: Contract | undefined): Promise<ExampleFindings> {
  assert.ok(contract, `${path} loads`);
  const document = (await referenceDocument(contract)).openapi;
  const agreement = { problems: [] as string[], tally: { generated: 0, agreeing: 0 } };
  agreement.tally = checkAgreement(path, document, agreement.problems);
  const generated = { problems: [] as string[], tally: { bodies: 0, generated: 0, wanting: 0 } };
  generated.tally = checkGenerated(path, document, generated.problems);
  return { agreement, generated };
}

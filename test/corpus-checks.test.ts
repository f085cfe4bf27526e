import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { validateContract } from '../generator/contracts/validate.js';
import { referenceDocument } from '../generator/render/api/document.js';
import { ourVerdict } from './agreement.js';
import { CORPUS, corpusSuite } from './corpus.js';
import { corpusFindings, type ExampleFindings } from './corpus-findings.js';
import { checkAgreement, type AgreementTally } from './examples-agree-check.js';
import { checkGenerated } from './generated-examples-check.js';
import { ROOT } from './helpers.js';

/**
 * The checks that read each corpus document's contract: our verdict on it, its examples against
 * their schemas and the samples, and its generated examples. One file, so that each document is
 * read and judged once for all of them (corpus-findings.ts).
 */

interface Disagreement {
  kind: string;
  wrong: string[];
  why: string;
}

interface Table {
  documents: Record<string, { ours: string[]; disagreements: Disagreement[] }>;
}

/** Recorded by scripts/agreement-table.mjs beside what Redocly and Spectral said (peers.json). */
const TABLE = JSON.parse(readFileSync('test/fixtures/agreement/table.json', 'utf8')) as Table;

/** The corpus's documents, as MANIFEST.tsv names and groups them. */
function manifest(): Array<{ file: string; group: 'public' | 'invalid' }> {
  const [header, ...rows] = readFileSync(join(CORPUS, 'MANIFEST.tsv'), 'utf8').trimEnd().split('\n');
  const columns = (header as string).split('\t');
  return rows
    .map((row) => row.split('\t'))
    .map((cells) => ({
      file: cells[columns.indexOf('file')] as string,
      group: cells[columns.indexOf('group')] as 'public' | 'invalid',
    }));
}

/** Every public document's example findings, in the manifest's order. */
async function publicExamples(): Promise<Array<{ file: string; examples: ExampleFindings }>> {
  const found: Array<{ file: string; examples: ExampleFindings }> = [];
  for (const { file, group } of manifest().filter((d) => d.group === 'public')) {
    const { examples } = await corpusFindings(file, group);
    found.push({ file, examples: await (examples as Promise<ExampleFindings>) });
  }
  return found;
}

let ours: Promise<Array<{ file: string; document: Record<string, unknown> }>> | undefined;

/** Our six contracts, each as the reference renders it: read once for both example checks. */
function ourContracts(): Promise<Array<{ file: string; document: Record<string, unknown> }>> {
  ours ??= (async () => {
    const folder = join(ROOT, 'openapi');
    const found: Array<{ file: string; document: Record<string, unknown> }> = [];
    for (const service of await readdir(folder))
      for (const name of await readdir(join(folder, service)))
        if (/\.(ya?ml|json)$/.test(name)) {
          const file = join(folder, service, name);
          const { contract } = await validateContract(file);
          assert.ok(contract, `${file} loads`);
          found.push({ file, document: (await referenceDocument(contract)).openapi });
        }
    return found;
  })();
  return ours;
}

describe('the agreement table', () => {
  test('every disagreement with Redocly or Spectral is judged, and none finds us wrong', () => {
    const disagreements = Object.entries(TABLE.documents).flatMap(([file, d]) =>
      d.disagreements.map((x) => ({ file, ...x })),
    );
    assert.ok(disagreements.length > 0);
    for (const x of disagreements) {
      assert.ok(x.why.length > 0, `${x.file}: ${x.kind} has no reason`);
      assert.ok(!x.wrong.includes('unjudged'), `${x.file}: ${x.kind} is not judged`);
      assert.ok(!x.wrong.includes('us'), `${x.file}: ${x.kind}: we are wrong (${x.why})`);
    }
  });
});

corpusSuite('agreement corpus: our verdict on each document is the one the table records', () => {
  const documents = manifest();
  test('the table covers the whole corpus', () => {
    assert.deepEqual(Object.keys(TABLE.documents).sort(), documents.map((d) => d.file).sort());
  });
  for (const { file, group } of documents) {
    test(file, async () => {
      const { diagnostics } = await corpusFindings(file, group);
      assert.deepEqual(
        ourVerdict(diagnostics),
        TABLE.documents[file]?.ours,
        'our verdict changed: if on purpose, rerun scripts/agreement-table.mjs and judge the new disagreements',
      );
    });
  }
});

describe('examples agree with their schemas and with the samples', () => {
  test('our six contracts: every generated example is valid, and path ids are body ids', async (t) => {
    const problems: string[] = [];
    const total: AgreementTally = { generated: 0, agreeing: 0 };
    for (const { file, document } of await ourContracts()) {
      const tally = checkAgreement(file, document, problems);
      total.generated += tally.generated;
      total.agreeing += tally.agreeing;
    }
    t.diagnostic(`${total.generated} generated examples; ${total.agreeing} operations with a path id in the body`);
    assert.deepEqual(problems, []);
    assert.ok(total.generated >= 20, `examples were generated (${total.generated})`);
    assert.ok(total.agreeing > 0, `operations whose path id and body id agree (${total.agreeing})`);
  });

  corpusSuite('real-world corpus', () => {
    test('every operation of every public corpus document', async (t) => {
      const problems: string[] = [];
      let agreeing = 0;
      for (const { examples } of await publicExamples()) {
        problems.push(...examples.agreement.problems);
        agreeing += examples.agreement.tally.agreeing;
      }
      t.diagnostic(`${problems.length} problems; ${agreeing} operations with a path id in the body`);
      assert.deepEqual(problems.slice(0, 20), []);
      assert.ok(agreeing > 0, `operations whose path id and body id agree (${agreeing})`);
    });
  });
});

describe('generated examples validate against their schemas', () => {
  test('every operation of our six contracts', async () => {
    const problems: string[] = [];
    const files = await ourContracts();
    assert.ok(files.length >= 6);
    let generated = 0;
    for (const { file, document } of files) generated += checkGenerated(file, document, problems).generated;
    assert.deepEqual(problems, []);
    assert.ok(generated >= 20, `examples were generated (${generated})`);
  });

  corpusSuite('real-world corpus', () => {
    test('every operation of every public corpus document', async () => {
      const problems: string[] = [];
      const total = { bodies: 0, generated: 0, wanting: 0 };
      for (const { examples } of await publicExamples()) {
        problems.push(...examples.generated.problems);
        for (const key of ['bodies', 'generated', 'wanting'] as const) total[key] += examples.generated.tally[key];
      }
      assert.deepEqual(problems, []);
      // Nearly every JSON body without an example gets one: a repair that stops working shows here.
      assert.ok(total.generated >= 0.95 * total.wanting, `generated ${total.generated} of ${total.wanting}`);
    });
  });
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { validateContract } from '../generator/contracts/validate.js';
import { ourVerdict } from './agreement.js';
import { CORPUS, corpusSuite } from './corpus.js';

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
  const files = readFileSync(join(CORPUS, 'MANIFEST.tsv'), 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((row) => row.split('\t')[1] as string);
  test('the table covers the whole corpus', () => {
    assert.deepEqual(Object.keys(TABLE.documents).sort(), [...files].sort());
  });
  for (const file of files) {
    test(file, async () => {
      const { diagnostics } = await validateContract(join(CORPUS, file));
      assert.deepEqual(
        ourVerdict(diagnostics),
        TABLE.documents[file]?.ours,
        'our verdict changed: if on purpose, rerun scripts/agreement-table.mjs and judge the new disagreements',
      );
    });
  }
});

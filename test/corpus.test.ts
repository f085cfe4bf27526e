import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { validateContract } from '../generator/contracts/validate.js';
import { generateEntitySchemas } from '../generator/types/json-schemas.js';
import { generateServiceTypes } from '../generator/types/service-types.js';
import { types } from '../generator/commands/types.js';
import { CORPUS, tempDir } from './helpers.js';

interface Entry {
  group: 'public' | 'invalid';
  file: string;
  wrong: string;
}

function manifest(): Entry[] {
  const path = join(CORPUS, 'MANIFEST.tsv');
  assert.ok(existsSync(path), `the corpus is expected at ${CORPUS} (shared/ beside the clone)`);
  const [header, ...rows] = readFileSync(path, 'utf8').trimEnd().split('\n');
  const columns = (header as string).split('\t');
  return rows.map((row) => {
    const cells = row.split('\t');
    const get = (name: string) => cells[columns.indexOf(name)] ?? '';
    return { group: get('group') as Entry['group'], file: get('file'), wrong: get('what_is_wrong') };
  });
}

const entries = manifest();

describe('public corpus: every valid real-world document validates without a crash and types', () => {
  for (const entry of entries.filter((e) => e.group === 'public')) {
    test(entry.file, async () => {
      const result = await validateContract(join(CORPUS, entry.file));
      assert.ok(result.contract, `not read as OpenAPI: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
      for (const d of result.diagnostics) {
        assert.ok(d.line > 0 && d.column > 0, `unlocated: ${JSON.stringify(d)}`);
        assert.doesNotMatch(d.message, /could not run/, `a rule crashed: ${d.message}`);
      }
      if (result.diagnostics.some((d) => d.severity === 'error')) {
        // A genuine violation in a third-party document: `types` must refuse it with those located
        // errors and write nothing, rather than crash or type a broken contract.
        const out = join(await tempDir('corpus'), 'out');
        const refused = await types([join(CORPUS, entry.file)], { config: 'unused', out });
        assert.deepEqual(refused.written, []);
        assert.ok(refused.diagnostics.some((d) => d.severity === 'error' && d.line > 0));
        assert.equal(existsSync(out), false);
        return;
      }
      const types_ = await generateServiceTypes(result.contract, 'corpus', '1.0.0');
      assert.match(types_, /^export interface (paths|components|webhooks) \{/m);
      for (const schema of generateEntitySchemas(result.contract, 'http://localhost/schemas/corpus/')) {
        const parsed = JSON.parse(schema.content) as { $id: string };
        assert.equal(parsed.$id, `http://localhost/schemas/corpus/${schema.fileName}`);
      }
    });
  }
});

describe('invalid corpus: every broken document fails with a located error', () => {
  for (const entry of entries.filter((e) => e.group === 'invalid')) {
    test(`${entry.file} (${entry.wrong.slice(0, 60)})`, async () => {
      const { diagnostics } = await validateContract(join(CORPUS, entry.file));
      const located = diagnostics.filter((d) => d.severity === 'error' && d.line > 0 && d.column > 0);
      assert.ok(located.length > 0, `no located error: ${JSON.stringify(diagnostics)}`);
    });
  }
});

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { validateContract } from '../generator/contracts/validate.js';
import { types } from '../generator/commands/types.js';
import type { Diagnostic } from '../generator/diagnostics/diagnostic.js';
import { CONSUMER_COMPILER_OPTIONS } from './consumer-project.js';
import { BREAKS, WARNED } from './corpus-breaks.js';
import { CORPUS, corpusSuite } from './corpus.js';
import { ROOT, runBin, tempDir } from './helpers.js';

interface Entry {
  group: 'public' | 'invalid';
  file: string;
  wrong: string;
}

function manifest(): Entry[] {
  const [header, ...rows] = readFileSync(join(CORPUS, 'MANIFEST.tsv'), 'utf8').trimEnd().split('\n');
  const columns = (header as string).split('\t');
  return rows.map((row) => {
    const cells = row.split('\t');
    const get = (name: string) => cells[columns.indexOf(name)] ?? '';
    return { group: get('group') as Entry['group'], file: get('file'), wrong: get('what_is_wrong') };
  });
}

/** `tsc --strict` as an integrator runs it (skipLibCheck off, no ambient `@types`) over every given file at once. */
async function typeCheck(files: readonly string[]): Promise<string> {
  const dir = await tempDir('corpus-tsc');
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: CONSUMER_COMPILER_OPTIONS, files }));
  const checked = await runBin(join(ROOT, 'node_modules/typescript/bin/tsc'), ['-p', 'tsconfig.json'], dir);
  return checked.stdout + checked.stderr;
}

/** The rules a document breaks at error level, each once. */
function errorRules(diagnostics: readonly Diagnostic[]): string[] {
  return [...new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.rule))].sort();
}

/** Every finding is located, and no rule crashed or printed an object for a value. */
function wellFormed(diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) {
    assert.ok(d.line > 0 && d.column > 0, `unlocated: ${JSON.stringify(d)}`);
    assert.doesNotMatch(
      d.message,
      /could not run|\[object Object\]/,
      `a rule crashed or printed no value: ${d.message}`,
    );
  }
}

corpusSuite('real-world corpus', () => {
  const entries = manifest();

  describe('public corpus: every document validates, or breaks only its known rules, and its types package compiles', () => {
    // Every package's declaration files, checked together at the end: one compiler run reads TypeScript's libraries once.
    const declarations: string[] = [];
    for (const entry of entries.filter((e) => e.group === 'public')) {
      test(entry.file, async () => {
        const spec = join(CORPUS, entry.file);
        const known = BREAKS[entry.file] ?? [];
        const out = join(await tempDir('corpus'), 'out');
        // `types` validates the document itself, at the rules' own severities unless relaxed: its
        // diagnostics are the document's, so the document is read and judged once per run of it.
        if (known.length > 0) {
          // A genuine violation: `types` refuses the document with those located errors and writes nothing.
          const refused = await types([spec], { config: 'unused', out });
          wellFormed(refused.diagnostics);
          assert.deepEqual(errorRules(refused.diagnostics), known);
          assert.deepEqual(refused.written, []);
          assert.equal(existsSync(out), false);
        }
        // Accepted as it is (the rules it breaks relaxed, as `--rule` does), it is typed, and the package compiles.
        const rules = Object.fromEntries(known.map((rule) => [rule, 'warning' as const]));
        const typed = await types([spec], { config: 'unused', out, rules });
        wellFormed(typed.diagnostics);
        assert.deepEqual(
          typed.diagnostics.filter((d) => d.severity === 'error'),
          [],
        );
        const service = typed.written.find((file) => /^types\/(?!index\.d\.ts$).+\.d\.ts$/.test(file));
        assert.ok(service, `no declarations for the document: ${typed.written.join(', ')}`);
        for (const file of typed.written) if (file.endsWith('.d.ts')) declarations.push(join(out, file));
        for (const file of typed.written.filter((f) => f.startsWith('schemas/'))) {
          const parsed = JSON.parse(await readFile(join(out, file), 'utf8')) as { $id: string };
          assert.equal(parsed.$id, `http://localhost/schemas/${file.slice('schemas/'.length)}`);
        }
      });
    }
    test('every package compiles under tsc --strict', async () => {
      assert.ok(declarations.length > entries.filter((e) => e.group === 'public').length);
      const output = await typeCheck(declarations);
      assert.equal(output.match(/error TS\d+/g)?.length ?? 0, 0, output.slice(0, 4000));
    });
  });

  describe('invalid corpus: every broken document fails with a located error', () => {
    for (const entry of entries.filter((e) => e.group === 'invalid')) {
      test(`${entry.file} (${entry.wrong.slice(0, 60)})`, async () => {
        const { diagnostics } = await validateContract(join(CORPUS, entry.file));
        const warned = WARNED[entry.file];
        const located = diagnostics.filter(
          (d) =>
            (warned ? d.severity === 'warning' && warned.includes(d.rule) : d.severity === 'error') &&
            d.line > 0 &&
            d.column > 0,
        );
        assert.ok(located.length > 0, `no located ${warned ? 'warning' : 'error'}: ${JSON.stringify(diagnostics)}`);
      });
    }
  });
});

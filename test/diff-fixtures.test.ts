import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { diff } from '../generator/commands/diff.js';
import { formatDiff, verdict } from '../generator/diff/format.js';
import { expectFixture } from './fixture-expectations.js';

const CASES = 'test/fixtures/diff';

/**
 * Each case is a pair of contracts (`old.yaml`/`new.yaml`, or `old/`/`new/` folders whose entry is
 * `openapi.yaml`). The expectations are written by hand in the new contract, on the line where
 * each change is located: `# expect: breaking [parameter-added]` (several separated by commas).
 * The comparison must report exactly those, no more; `expected.txt` pins the full text report.
 */
describe('specsite diff classifies and locates every fixture pair (test/fixtures/diff/<case>)', () => {
  for (const name of readdirSync(CASES).sort()) {
    test(name, async () => {
      const dir = join(CASES, name);
      const result = await diff({ files: [entry(dir, 'old'), entry(dir, 'new')] }, { config: 'unused' });
      assert.deepEqual(
        result.diagnostics.filter((d) => d.severity === 'error'),
        [],
      );
      assert.ok(result.report);
      const actual = result.report.changes.map((c) => `${c.at.file}:${c.at.line} ${verdict(c)} [${c.kind}]`).sort();
      assert.deepEqual(actual, expectations(dir));
      expectFixture(join(dir, 'expected.txt'), formatDiff(result.report, 'text'));
    });
  }
});

function entry(dir: string, side: 'old' | 'new'): string {
  for (const candidate of [`${side}.yaml`, `${side}.json`, join(side, 'openapi.yaml')])
    if (existsSync(join(dir, candidate))) return join(dir, candidate);
  throw new Error(`${dir} has no ${side}.yaml, ${side}.json or ${side}/openapi.yaml`);
}

function expectations(dir: string): string[] {
  const files =
    existsSync(join(dir, 'new')) && statSync(join(dir, 'new')).isDirectory()
      ? readdirSync(join(dir, 'new')).map((f) => join(dir, 'new', f))
      : [entry(dir, 'new')];
  const out: string[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const comment = /#\s*expect:\s*(.*)$/.exec(line)?.[1];
        if (!comment) return;
        for (const item of comment.split(',')) {
          const m = /^\s*(breaking|acknowledged|non-breaking) \[([a-z-]+)\]\s*$/.exec(item);
          assert.ok(m, `${file}:${i + 1}: malformed expectation "${item.trim()}"`);
          out.push(`${file}:${i + 1} ${m[1]} [${m[2]}]`);
        }
      });
  }
  return out.sort();
}

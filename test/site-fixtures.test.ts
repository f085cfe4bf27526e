import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { build } from '../generator/commands/build.js';
import { formatReport } from '../generator/diagnostics/format.js';
import { expectFixture } from './fixture-expectations.js';
import { tempDir } from './helpers.js';

const SITES = 'test/fixtures/sites';

describe('site build diagnostics (test/fixtures/sites/<case>/expected.txt)', () => {
  for (const name of readdirSync(SITES).sort()) {
    test(name, async () => {
      const dir = join(SITES, name);
      const out = await tempDir(`site-${name}`);
      const result = await build({ config: join(dir, 'site-config.yaml'), out, strict: false });
      expectFixture(join(dir, 'expected.txt'), formatReport(result.diagnostics, 'text', 'result'));
      const hasErrors = result.diagnostics.some((d) => d.severity === 'error');
      if (name.endsWith('-clean')) assert.deepEqual(result.diagnostics, []);
      else
        assert.ok(
          result.diagnostics.length > 0 && result.diagnostics.every((d) => d.line > 0),
          'expected located problems',
        );
      // A failed build writes nothing at all; a successful one writes the site.
      const written = (await readdir(out)).sort();
      if (hasErrors) assert.deepEqual(written, []);
      else
        assert.deepEqual(
          written.filter((f) => f === 'site' || f === 'build-report.json'),
          ['build-report.json', 'site'],
        );
    });
  }

  test('--strict turns the broken-links warnings into a failed build that writes nothing', async () => {
    const out = await tempDir('site-strict');
    const relaxed = await build({ config: join(SITES, 'broken-links/site-config.yaml'), out, strict: false });
    assert.ok(relaxed.report, 'without --strict, warnings do not stop the build');
    const strictOut = await tempDir('site-strict2');
    const strict = await build({ config: join(SITES, 'broken-links/site-config.yaml'), out: strictOut, strict: true });
    assert.equal(strict.report, undefined);
    assert.deepEqual(strict.diagnostics, relaxed.diagnostics);
    assert.deepEqual(await readdir(strictOut), []);
  });
});

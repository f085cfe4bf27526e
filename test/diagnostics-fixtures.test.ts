import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { validate } from '../generator/commands/validate.js';
import { formatReport } from '../generator/diagnostics/format.js';
import { expectFixture } from './fixture-expectations.js';

const CONTRACTS = 'test/fixtures/contracts';
const CONFIGS = 'test/fixtures/config';

describe('contract diagnostics (test/fixtures/contracts/<case>/expected.txt)', () => {
  for (const name of readdirSync(CONTRACTS).sort()) {
    test(name, async () => {
      const dir = join(CONTRACTS, name);
      const entry = existsSync(join(dir, 'openapi.json')) ? join(dir, 'openapi.json') : join(dir, 'openapi.yaml');
      const { diagnostics } = await validate([entry], { config: 'unused' });
      // Cases named *-clean must produce nothing at all; every other case at least one located problem
      // (a warning counts: example-invalid's mismatches are warnings by default; expected.txt pins severities).
      if (name.endsWith('-clean')) assert.deepEqual(diagnostics, []);
      else
        assert.ok(
          diagnostics.some((d) => d.line > 0),
          'expected at least one located problem',
        );
      expectFixture(join(dir, 'expected.txt'), formatReport(diagnostics, 'text', 'result'));
    });
  }
});

describe('config diagnostics (test/fixtures/config/<case>/expected.txt)', () => {
  for (const name of readdirSync(CONFIGS).sort()) {
    test(name, async () => {
      const dir = join(CONFIGS, name);
      const { diagnostics } = await validate([], { config: join(dir, 'site-config.yaml') });
      if (name.endsWith('-clean')) assert.deepEqual(diagnostics, []);
      else
        assert.ok(
          diagnostics.some((d) => d.severity === 'error' && d.line > 0),
          'expected at least one located error',
        );
      expectFixture(join(dir, 'expected.txt'), formatReport(diagnostics, 'text', 'result'));
    });
  }
});

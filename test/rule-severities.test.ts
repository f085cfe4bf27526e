import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadConfig } from '../generator/config/load.js';
import { applyRuleSeverities } from '../generator/diagnostics/severity.js';
import { CONFIGURABLE_RULES } from '../generator/rules.js';
import { STRUCTURE_RULE } from '../generator/contracts/structure.js';
import { CONTRACT_RULES } from '../generator/contracts/checks.js';
import type { Diagnostic } from '../generator/diagnostics/diagnostic.js';
import { CORPUS, corpusSuite } from './corpus.js';
import { runCli, tempDir } from './helpers.js';

const FIXTURES = 'test/fixtures/rules';
const MISMATCH = `${FIXTURES}/example-mismatch.yaml`;
const MISMATCH_LINE = `${MISMATCH}:19:17 SEVERITY [example-valid] example does not match its schema (/components/schemas/Item): \`id\` must be integer (at #/paths/~1items~1{id}/get/responses/200/content/application~1json/example)`;
const PALOALTO = join(CORPUS, 'public/paloalto__openapi-cos.json');
const RULE_LIST = CONFIGURABLE_RULES.join(', ');

function mismatch(severity: 'error' | 'warning'): string {
  return MISMATCH_LINE.replace('SEVERITY', severity);
}

describe('rule severities', () => {
  test('every rule id the contract stage reports, but ref-resolves, can be configured, and so can types-generation, the content rules, breaking-change and cache-untrusted', () => {
    assert.deepEqual(
      [...CONFIGURABLE_RULES].sort(),
      [
        ...CONTRACT_RULES.map((r) => r.id),
        STRUCTURE_RULE,
        'schema-compiles',
        'types-generation',
        'page-description',
        'voice',
        'duplicate-title',
        'git-dates',
        'cache-untrusted',
        'breaking-change',
      ].sort(),
    );
  });

  test('applyRuleSeverities: off drops, error and warning rewrite, other rules are left alone', () => {
    const at = (rule: string, severity: Diagnostic['severity']): Diagnostic => ({
      file: 'a.yaml',
      line: 1,
      column: 1,
      severity,
      rule,
      message: rule,
    });
    const input = [
      at('example-valid', 'warning'),
      at('security-defined', 'error'),
      at('operation-id-unique', 'error'),
      at('ref-resolves', 'error'),
    ];
    const out = applyRuleSeverities(input, {
      'example-valid': 'error',
      'security-defined': 'off',
      'operation-id-unique': 'warning',
    });
    assert.deepEqual(
      out.map((d) => [d.rule, d.severity]),
      [
        ['example-valid', 'error'],
        ['operation-id-unique', 'warning'],
        ['ref-resolves', 'error'],
      ],
    );
    assert.deepEqual(applyRuleSeverities(input, {}), input);
  });

  test('example-valid is a warning by default; --rule example-valid=error makes it an error that fails', async () => {
    const lenient = await runCli(['validate', MISMATCH]);
    assert.equal(lenient.code, 0, lenient.stdout);
    assert.equal(lenient.stdout, `${mismatch('warning')}\nvalidated 1 document: 0 errors, 1 warning\n`);
    const strict = await runCli(['validate', '--rule', 'example-valid=error', MISMATCH]);
    assert.equal(strict.code, 1, strict.stdout);
    assert.equal(strict.stdout, `${mismatch('error')}\nvalidated 1 document: 1 error, 0 warnings\n`);
  });

  test('types with files: a mismatching example no longer stops typing, unless --rule makes it an error', async () => {
    const out = join(await tempDir('rules-types'), 'out');
    const typed = await runCli(['types', '--out', out, MISMATCH]);
    assert.equal(typed.code, 0, typed.stdout);
    assert.ok(existsSync(join(out, 'types/package.json')));
    const refusedOut = join(await tempDir('rules-types-strict'), 'out');
    const refused = await runCli(['types', '--out', refusedOut, '--rule', 'example-valid=error', MISMATCH]);
    assert.equal(refused.code, 1, refused.stdout);
    assert.match(refused.stdout, /^test\/fixtures\/rules\/example-mismatch\.yaml:19:17 error \[example-valid\]/m);
    assert.equal(existsSync(refusedOut), false);
  });

  test('types-generation below error: a contract the generator cannot type is left out of the package, the others are typed', async () => {
    // A contract in several files with a property named like a member of every object, which the type
    // generator's resolver cannot read from disk (see hostile-generated-code.test.ts).
    const untypable = 'test/fixtures/rules/untypable/untypable.yaml';
    const out = join(await tempDir('rules-types-generation'), 'out');
    const refused = await runCli(['types', '--out', out, untypable, MISMATCH]);
    assert.equal(refused.code, 1, refused.stdout);
    assert.match(
      refused.stdout,
      /^test\/fixtures\/rules\/untypable\/other\.yaml:4:5 error \[types-generation\] the type generator cannot handle the name "valueOf" in a contract that spans several files, so the types package has no "untypable" entry/m,
    );
    assert.equal(existsSync(out), false);
    const run = await runCli(['types', '--out', out, '--rule', 'types-generation=warning', untypable, MISMATCH]);
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, /other\.yaml:4:5 warning \[types-generation\]/);
    const manifest = JSON.parse(await readFile(join(out, 'types/package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(manifest.exports), ['.', './example-mismatch']);
  });

  test('the config file chooses severities, and --rule on the command line wins over it', async () => {
    const config = `${FIXTURES}/strict.site-config.yaml`;
    const fromFile = await runCli(['validate', '--config', config]);
    assert.equal(fromFile.code, 1, fromFile.stdout);
    assert.equal(fromFile.stdout, `${mismatch('error')}\nvalidated 1 document and 0 pages: 1 error, 0 warnings\n`);
    const overridden = await runCli(['validate', '--config', config, '--rule', 'example-valid=warning']);
    assert.equal(overridden.code, 0, overridden.stdout);
    assert.equal(overridden.stdout, `${mismatch('warning')}\nvalidated 1 document and 0 pages: 0 errors, 1 warning\n`);
  });

  test('rules: { example-valid: off } drops its diagnostics', async () => {
    const run = await runCli(['validate', '--config', `${FIXTURES}/off.site-config.yaml`]);
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.stdout, 'validated 1 document and 0 pages: 0 errors, 0 warnings\n');
  });

  test("the resolved config holds the file's choices with the command line's over them", async () => {
    const result = await loadConfig(`${FIXTURES}/strict.site-config.yaml`, {
      'example-valid': 'warning',
      'security-defined': 'off',
    });
    assert.ok(result.ok);
    assert.deepEqual(result.config.rules, { 'example-valid': 'warning', 'security-defined': 'off' });
    const real = await loadConfig('site-config.yaml');
    assert.ok(real.ok);
    assert.deepEqual(real.config.rules, { 'example-valid': 'error' });
  });

  test('an unknown rule id or severity in the config is a located config error', async () => {
    const config = `${FIXTURES}/unknown-rule/site-config.yaml`;
    const run = await runCli(['validate', '--config', config]);
    assert.equal(run.code, 1, run.stdout);
    assert.deepEqual(run.stdout.trimEnd().split('\n'), [
      `${config}:6:3 error [config-unknown-key] unknown rule "nope"; the rules whose severity can be set are ${RULE_LIST} (at #/rules/nope)`,
      `${config}:7:18 error [config-invalid] invalid option: expected one of "error"|"warning"|"off" (at #/rules/example-valid)`,
      'validated 0 documents and 0 pages: 2 errors, 0 warnings',
    ]);
  });

  test('--rule with an unknown rule, an unknown severity or no "=" is a usage error naming the valid values', async () => {
    const cases: Array<[string, string]> = [
      ['nope=warning', `unknown rule "nope"; the rules whose severity can be set are ${RULE_LIST}`],
      ['example-valid=loud', 'unknown severity "loud"; a rule can be error, warning, off'],
      ['example-valid', 'expected ID=SEVERITY, like example-valid=error'],
    ];
    for (const [value, message] of cases) {
      const run = await runCli(['validate', '--rule', value, MISMATCH]);
      assert.equal(run.code, 2, value);
      assert.equal(run.stdout, '', value);
      assert.ok(run.stderr.includes(`argument '${value}' is invalid. ${message}`), run.stderr);
      assert.match(run.stderr, /run specsite --help/);
    }
  });

  corpusSuite('real-world corpus', () => {
    test('a real document with one security-defined error fails by default and passes with the rule as a warning', async () => {
      const line =
        /paloalto__openapi-cos\.json:52:24 (error|warning) \[security-defined\] security requirement names "\/\/", which is not defined in `components\.securitySchemes`/;
      const failing = await runCli(['validate', PALOALTO]);
      assert.equal(failing.code, 1, failing.stdout);
      assert.equal(failing.stdout.match(line)?.[1], 'error');
      assert.match(failing.stdout, /validated 1 document: 1 error, 0 warnings\n$/);
      const passing = await runCli(['validate', '--rule', 'security-defined=warning', PALOALTO]);
      assert.equal(passing.code, 0, passing.stdout);
      assert.equal(passing.stdout.match(line)?.[1], 'warning');
      assert.match(passing.stdout, /validated 1 document: 0 errors, 1 warning\n$/);
      assert.equal((await runCli(['validate', '--strict', '--rule', 'security-defined=warning', PALOALTO])).code, 1);
    });
  });
});

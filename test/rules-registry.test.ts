import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CONTRACT_RULES } from '../generator/contracts/checks.js';
import { CONFIGURABLE_RULES, RULES } from '../generator/rules.js';
import { README_TABLES, withRuleTables } from '../generator/rules-readme.js';

const RULE_FILES = 'generator/contracts/rules';
const CONTRACT_FIXTURES = 'test/fixtures/contracts';

describe('the rule registry (generator/rules.ts)', () => {
  test("the README's rule tables are the ones the registry makes", async () => {
    const readme = readFileSync('README.md', 'utf8');
    assert.equal(readme, withRuleTables(readme), 'run `npm run generate`');
    for (const make of Object.values(README_TABLES)) assert.ok(readme.includes(make()));
  });

  test('each rule is registered once, and each file of contracts/rules/ is named as the rule it holds', async () => {
    const ids = RULES.map((rule) => rule.id);
    assert.deepEqual(ids, [...new Set(ids)]);
    for (const file of readdirSync(RULE_FILES)) {
      if (file === 'rule.ts') continue;
      const module = (await import(`../generator/contracts/rules/${file.replace(/\.ts$/, '.js')}`)) as Record<
        string,
        { id?: unknown }
      >;
      const held = Object.values(module).flatMap((value) => (typeof value?.id === 'string' ? [value.id] : []));
      assert.deepEqual(held, [file.replace(/\.ts$/, '')], file);
      assert.ok(ids.includes(file.replace(/\.ts$/, '')), `${file} is not in the registry`);
    }
  });

  test('every contract rule is caught by a fixture of test/fixtures/contracts/', () => {
    const expected = readdirSync(CONTRACT_FIXTURES)
      .map((name) => readFileSync(join(CONTRACT_FIXTURES, name, 'expected.txt'), 'utf8'))
      .join('\n');
    for (const rule of CONTRACT_RULES) assert.ok(expected.includes(`[${rule.id}]`), `no fixture reports ${rule.id}`);
  });

  test('the config takes a severity for exactly the configurable rules', () => {
    const schema = JSON.parse(readFileSync('site-config.schema.json', 'utf8')) as {
      properties: { rules: { properties: Record<string, unknown> } };
    };
    assert.deepEqual(Object.keys(schema.properties.rules.properties), [...CONFIGURABLE_RULES]);
  });
});

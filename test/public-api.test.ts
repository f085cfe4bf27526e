import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import * as specsite from '../generator/index.js';

// Pins the library's exports: a change here is a change for everyone who imports specsite.
test('public exports', () => {
  assert.deepEqual(Object.keys(specsite).sort(), [
    'BUILD_STAGES',
    'BuildCache',
    'CHANGE_KINDS',
    'CONTRACT_RULES',
    'DEFAULT_CONFIG_FILE',
    'DEFAULT_OPTIONS',
    'DIFF_FORMATS',
    'OUTPUT_FORMATS',
    'apiHistory',
    'breakingChangeGate',
    'build',
    'buildApiReference',
    'buildClient',
    'compileSite',
    'createStaticServer',
    'dev',
    'diff',
    'diffContracts',
    'formatDiagnosticText',
    'formatDiff',
    'formatReport',
    'generateModels',
    'loadConfig',
    'loadContent',
    'loadContracts',
    'main',
    'markdownTwins',
    'mcp',
    'normalizeDiagnostics',
    'renderSite',
    'serve',
    'siteConfigJsonSchema',
    'siteConfigSchema',
    'twinPath',
    'types',
    'validate',
    'validateContract',
  ]);
  // The contract rules, in the order they run, are pinned by the committed site-config.schema.json (which
  // `npm run generate` writes from the same registry): adding or removing one is a visible change there.
  const ids = specsite.CONTRACT_RULES.map((r) => r.id);
  const committed = JSON.parse(readFileSync('site-config.schema.json', 'utf8')) as {
    properties: { rules: { properties: Record<string, unknown> } };
  };
  assert.deepEqual(
    ids,
    Object.keys(committed.properties.rules.properties).filter((id) => ids.includes(id)),
  );
  assert.ok(ids.length >= 8, ids.join(', '));
  for (const rule of specsite.CONTRACT_RULES) {
    assert.equal(typeof rule.run, 'function', rule.id);
    assert.equal(rule.configurable, true, rule.id);
    assert.ok(['error', 'warning'].includes(rule.severity), rule.id);
    assert.ok(rule.doc.length > 0, rule.id);
  }
});

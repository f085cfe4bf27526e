import assert from 'node:assert/strict';
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
    'normalizeDiagnostics',
    'renderSite',
    'serve',
    'siteConfigJsonSchema',
    'siteConfigSchema',
    'types',
    'validate',
    'validateContract',
  ]);
  assert.deepEqual(
    specsite.CONTRACT_RULES.map((r) => r.id),
    [
      'operation-id-unique',
      'path-params',
      'example-exclusive',
      'security-defined',
      'required-property-defined',
      'schema-valid',
      'pattern-unsupported',
      'example-valid',
    ],
  );
});

import type { RuleDescriptor } from '../diagnostics/severity.js';

// The commands' own arguments (`diff.ts`, `types.ts`), checked against the config: one README line.
const doc = '`diff --service` names a configured API with two versions; `types --version` names versions that exist';

export const diffService: RuleDescriptor = { id: 'diff-service', severity: 'error', configurable: false, doc };
export const typesVersion: RuleDescriptor = { id: 'types-version', severity: 'error', configurable: false, doc };

export const mcpSite: RuleDescriptor = {
  id: 'mcp',
  severity: 'error',
  configurable: false,
  doc: '`mcp --no-build` finds a site built by this version of specsite in the output folder',
};

// Writes the files made from the code, after `node scripts/compile.mjs` (`npm run generate` runs both):
// site-config.schema.json from the config's zod schema, and the README's rule tables from the rule
// registry (generator/rules.ts). Tests fail while the committed ones differ from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { siteConfigJsonSchema } from '../dist/generator/config/json-schema.js';
import { withRuleTables } from '../dist/generator/rules-readme.js';

writeIfChanged('site-config.schema.json', siteConfigJsonSchema());
writeIfChanged('README.md', withRuleTables(readFileSync('README.md', 'utf8')));

function writeIfChanged(path, text) {
  if (readFileSync(path, 'utf8') === text) return;
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}

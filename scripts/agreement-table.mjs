#!/usr/bin/env node
// Writes test/fixtures/agreement/table.json and table.md: for every document of the corpus, the rules
// we report at error level, the kinds of error Redocly and Spectral reported (peers.json, recorded by
// scripts/agreement-peers.mjs), and every disagreement with who is wrong per the specification and
// why (judgments.json, written by hand). Run after `node scripts/compile.mjs`, by hand, never in CI:
//
//   node scripts/agreement-table.mjs [corpus folder]
//
// It fails, naming them, when a disagreement has no judgment. test/corpus-checks.test.ts then
// checks that our verdict on each document is still the one recorded here.
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const corpus = resolve(process.argv[2] ?? process.env.SPECSITE_CORPUS ?? '../shared/corpus/openapi');
const here = new URL('../test/fixtures/agreement/', import.meta.url);
const { validateContract } = await import('../dist/generator/contracts/validate.js');
const { ourVerdict } = await import('../dist/test/agreement.js');

const peers = JSON.parse(await readFile(new URL('peers.json', here), 'utf8'));
const judgments = JSON.parse(await readFile(new URL('judgments.json', here), 'utf8'));

/** Our rule ids, by the kind of mistake they name (several peers' rules name the same kind). */
const OURS = {
  parse: 'parse',
  encoding: 'parse',
  'oas-version': 'not-openapi',
  'oas-schema': 'structure',
  'ref-resolves': 'ref',
  'path-outside-project': 'ref',
  'operation-id-unique': 'operation-id-unique',
  'path-params': 'path-params',
  'path-templates-distinct': 'identical-paths',
  'example-exclusive': 'example-exclusive',
  'security-defined': 'security-scheme-undefined',
  // Peers report a 3.1 schema that is no valid JSON Schema as a structure error.
  'schema-valid': 'structure',
  'response-code-quoted': 'response-code-quoted',
  'array-items': 'array-items',
  'discriminator-required': 'discriminator-required',
};

const REDOCLY = {
  struct: 'structure',
  spec: 'structure',
  'no-unresolved-refs': 'ref',
  'operation-operationId-unique': 'operation-id-unique',
  'path-parameters-defined': 'path-params',
  'no-identical-paths': 'identical-paths',
  'no-example-value-and-externalValue': 'example-exclusive',
};

const SPECTRAL = {
  parser: 'parse',
  'oas2-schema': 'structure',
  'oas3-schema': 'structure',
  'invalid-ref': 'ref',
  'operation-operationId-unique': 'operation-id-unique',
  'array-items': 'array-items',
  'oas2-discriminator': 'discriminator-required',
  'oas3-valid-media-example': 'example-valid',
  'oas3-valid-schema-example': 'example-valid',
  'oas2-valid-schema-example': 'example-valid',
  'oas2-valid-media-example': 'example-valid',
};

/** A peer's finding as a kind: the rules named alike above, some told apart by where they point, the rest under their own name. */
function peerKind(peer, { rule, pointer }) {
  // A wrong `swagger`/`openapi` field: the document is no OpenAPI of a version either peer knows.
  if (/^(oas2|oas3)-schema$/.test(rule) && /^\/(swagger|openapi)$/.test(pointer)) return 'not-openapi';
  // Spectral's YAML parser refuses a number as a key, which is how an unquoted response code reads.
  if (peer === 'spectral' && rule === 'parser' && /\/responses\/\d+$/.test(pointer)) return 'response-code-quoted';
  if (peer === 'redocly' && rule === 'security-defined')
    return /\/security\/\d+/.test(pointer) ? 'security-scheme-undefined' : 'operation-without-security';
  // Spectral's `path-params` also says two paths are equivalent, at the path's key.
  if (peer === 'spectral' && rule === 'path-params')
    return /^\/paths\/[^/]+$/.test(pointer) ? 'identical-paths' : 'path-params';
  const table = peer === 'redocly' ? REDOCLY : SPECTRAL;
  return table[rule] ?? `${peer}:${rule}`;
}

function peerKinds(peer, found) {
  if (!Array.isArray(found)) {
    if (/Failed to parse/.test(found.crashed)) return ['parse'];
    if (/Unsupported (specification|OpenAPI version)/.test(found.crashed)) return ['not-openapi'];
    return [`${peer}:crashed`];
  }
  return [...new Set(found.map((f) => peerKind(peer, f)))].sort();
}

const documents = {};
const unjudged = [];
for (const [file, found] of Object.entries(peers.documents)) {
  const { diagnostics } = await validateContract(join(corpus, file));
  const ours = ourVerdict(diagnostics);
  const kinds = {
    ours: [...new Set(ours.map((rule) => OURS[rule] ?? `ours:${rule}`))].sort(),
    redocly: peerKinds('redocly', found.redocly),
    spectral: peerKinds('spectral', found.spectral),
  };
  const disagreements = [];
  for (const kind of [...new Set([...kinds.ours, ...kinds.redocly, ...kinds.spectral])].sort()) {
    const says = {
      us: kinds.ours.includes(kind),
      redocly: kinds.redocly.includes(kind),
      spectral: kinds.spectral.includes(kind),
    };
    if (says.us === says.redocly && says.us === says.spectral) continue;
    const judgment = judgments.documents?.[file]?.[kind] ?? judgments.kinds[kind];
    if (!judgment) unjudged.push(`${file}: ${kind} ${JSON.stringify(says)}`);
    // Who is wrong follows from whether the specification makes it an error: whoever says otherwise.
    const wrong = !judgment
      ? ['unjudged']
      : judgment.error === null
        ? []
        : Object.keys(says).filter((who) => says[who] !== judgment.error);
    disagreements.push({ kind, ...says, error: judgment?.error ?? null, wrong, why: judgment?.why ?? '' });
  }
  documents[file] = { ours, kinds, disagreements };
}
if (unjudged.length > 0) {
  process.stderr.write(`disagreements without a judgment in judgments.json:\n${unjudged.join('\n')}\n`);
  process.exitCode = 1;
}

await writeFile(new URL('table.json', here), JSON.stringify({ peers: peers.versions, documents }, null, 2) + '\n');

const list = (kinds) => (kinds.length > 0 ? kinds.map((k) => `\`${k}\``).join(', ') : '–');
const yes = (b) => (b ? 'reports' : '–');
const lines = [
  '# Agreement with Redocly and Spectral',
  '',
  `Generated by \`scripts/agreement-table.mjs\` from \`peers.json\` (Redocly CLI ${peers.versions.redocly} \`lint\`, recommended ruleset; Spectral ${peers.versions.spectral}, \`spectral:oas\`) and \`judgments.json\`. Error-level findings only, reduced to a kind of mistake. "wrong" names who is wrong per the specification.`,
  '',
  '| document | ours (rules) | ours | Redocly | Spectral |',
  '| - | - | - | - | - |',
  ...Object.entries(documents).map(
    ([file, d]) =>
      `| ${file} | ${list(d.ours)} | ${list(d.kinds.ours)} | ${list(d.kinds.redocly)} | ${list(d.kinds.spectral)} |`,
  ),
  '',
  '## Disagreements',
  '',
  '| document | kind | us | Redocly | Spectral | an error? | wrong | why |',
  '| - | - | - | - | - | - | - | - |',
  ...Object.entries(documents).flatMap(([file, d]) =>
    d.disagreements.map(
      (x) =>
        `| ${file} | \`${x.kind}\` | ${yes(x.us)} | ${yes(x.redocly)} | ${yes(x.spectral)} | ${x.error === null ? 'same finding' : x.error ? 'yes' : 'no'} | ${x.wrong.join(', ') || 'nobody'} | ${x.why} |`,
    ),
  ),
  '',
];
await writeFile(new URL('table.md', here), lines.join('\n'));

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cp, readFile, readdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, test } from 'node:test';
import { build } from '../generator/commands/build.js';
import { ContractSources } from '../generator/contracts/sources.js';
import { decodePointer, getAtPointer, isRecord } from '../generator/sources/pointer.js';
import { BREAKS } from './corpus-breaks.js';
import { CORPUS, corpusSuite } from './corpus.js';
import { tempDir } from './helpers.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function publicDocuments(manifest: string): string[] {
  const [header, ...rows] = manifest.trimEnd().split('\n');
  const columns = (header as string).split('\t');
  return rows
    .map((row) => row.split('\t'))
    .filter((cells) => cells[columns.indexOf('group')] === 'public')
    .map((cells) => cells[columns.indexOf('file')] as string);
}

/** Follows a path item's `$ref`, into this document or another file beside it (multi-file contracts). */
async function pathItem(document: Record<string, unknown>, file: string, written: unknown): Promise<unknown> {
  if (!isRecord(written) || typeof written.$ref !== 'string') return written;
  const [target = '', fragment = ''] = written.$ref.split('#');
  const root = target === '' ? document : parse(await readFile(resolve(dirname(file), target), 'utf8'));
  return getAtPointer(root, decodePointer(`#${fragment}`) ?? []);
}

/** Operations and webhooks a reader must find, counted from the document itself (2.0 and 3.x alike). */
async function countOperations(document: Record<string, unknown>, file: string): Promise<number> {
  let count = 0;
  for (const container of [document.paths, document.webhooks, document['x-webhooks']]) {
    if (!isRecord(container)) continue;
    for (const [key, written] of Object.entries(container)) {
      // Paths and 3.1 webhooks may be a `$ref` to `components.pathItems` or to another file.
      const item = await pathItem(document, file, written);
      if (!key.startsWith('x-') && isRecord(item)) count += METHODS.filter((m) => isRecord(item[m])).length;
    }
  }
  return count;
}

/**
 * The document copied into the project folder `dir`, with the folder of files it refers to when it
 * spans several (a spec is read only inside the config's folder); its path there, as the config names it.
 */
async function copyIntoProject(spec: string, dir: string): Promise<string> {
  const folder = dirname(spec);
  if (basename(folder) === 'public') {
    await cp(spec, join(dir, basename(spec)));
    return basename(spec);
  }
  await cp(folder, join(dir, basename(folder)), { recursive: true });
  return `${basename(folder)}/${basename(spec)}`;
}

/** Every page of the API, as HTML: a large one is split into an overview, tag pages and models. */
async function apiPages(site: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else if (entry.name === 'index.html') found.push(await readFile(join(dir, entry.name), 'utf8'));
    }
  };
  await walk(join(site, 'api/corpus'));
  return found;
}

corpusSuite('real-world corpus', () => {
  const documents = publicDocuments(readFileSync(join(CORPUS, 'MANIFEST.tsv'), 'utf8'));

  describe('every public corpus document becomes a working reference through the minimal config', () => {
    for (const file of documents) {
      test(file, async () => {
        const spec = join(CORPUS, file);
        const dir = await tempDir('corpus-site');
        const config = join(dir, 'site-config.yaml');
        const minimal = `title: Corpus\napis:\n  - { id: corpus, spec: ${JSON.stringify(await copyIntoProject(spec, dir))} }\n`;
        await writeFile(config, minimal);
        const out = join(dir, 'out');
        let result = await build({ config, out, strict: false });
        // A genuine violation in a third-party document stops the build, located; a user who accepts
        // the document as it is turns those rules into warnings, and then it renders. Rules only show
        // once the stage before them passed (types come after validation), hence more than one round.
        const downgraded = new Set<string>();
        for (let round = 0; round < 3 && !result.report; round++) {
          const errors = result.diagnostics.filter((d) => d.severity === 'error');
          assert.ok(errors.length > 0, 'a failed build says why');
          assert.ok(
            errors.every((d) => d.line > 0 && d.column > 0),
            `unlocated: ${JSON.stringify(errors[0])}`,
          );
          for (const d of errors) downgraded.add(d.rule);
          await writeFile(
            config,
            `${minimal}rules:\n${[...downgraded]
              .sort()
              .map((rule) => `  ${rule}: warning\n`)
              .join('')}`,
          );
          result = await build({ config, out, strict: false });
        }
        assert.deepEqual(
          result.diagnostics.filter((d) => d.severity === 'error'),
          [],
          `still failing after downgrading ${[...downgraded].join(', ')}`,
        );
        assert.ok(result.report, 'the site was written');
        assert.deepEqual([...downgraded].sort(), BREAKS[file] ?? [], 'the rules this document breaks');
        // The build judged the document; counting its operations needs only the document as read.
        const { sources } = await ContractSources.load(spec);
        assert.ok(sources && isRecord(sources.root.data));
        const pages = await apiPages(join(out, 'site'));
        assert.ok(pages.length >= 1);
        const html = pages.join('\n');
        // A long page's operations past its fold are stubs, their bodies in fragment files.
        const sections = (
          html.match(/<section class="api-operation api-kind-(operation|webhook)(?: api-stub)?" id="/g) ?? []
        ).length;
        assert.equal(sections, await countOperations(sources.root.data, spec), 'one section per operation and webhook');
        for (const page of pages) {
          const main = page.slice(page.indexOf('<main'), page.indexOf('</main>'));
          assert.doesNotMatch(main, /<script|\son[a-z]+=|href="javascript:/i, 'nothing from the document can run');
        }
      });
    }
  });
});

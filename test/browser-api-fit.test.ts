import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { buildApis } from './api-pages-helpers.js';
import { withSiteInBrowser } from './browser.js';
import { siteForSuite } from './browser-fixture.js';
import { CORPUS, corpusSuite } from './corpus.js';
import { misfits, readDocument, widestRoutes } from './browser-fit-helpers.js';
import { scoreOperations, trimmedTo, widest } from './widest-operations.js';

/**
 * Issue 41, Deliver 3: parameters and properties fit the text pane. On the ten widest operations of
 * our contracts and of three large public ones, at 1400, 1024 and 390 px, nothing in the text pane
 * is wider than it, no list scrolls sideways, and no parameter or property name is cut.
 */
const WIDTHS = [1400, 1024, 390];
const OURS = ['searcher', 'rag', 'datasource', 'tenant-manager', 'file-manager', 'ingestion'];
const CORPUS_DOCUMENTS = {
  github: 'public/github__api.github.com.json',
  twilio: 'public/twilio__api_v2010.yaml',
  kubernetes: 'public/kubernetes__swagger.json',
};

describe('the widest operations of our contracts fit the text pane', () => {
  const site = siteForSuite('site-config.yaml', 'browser-api-fit');
  let routes: string[] = [];
  before(async () => {
    const apis: Record<string, Array<Record<string, unknown>>> = {};
    for (const id of OURS) {
      const files = (await readdir(`openapi/${id}`)).filter((f) => /\.(ya?ml|json)$/.test(f));
      apis[id] = await Promise.all(files.map((f) => readDocument(join('openapi', id, f))));
    }
    routes = await widestRoutes(join(site.out, 'site'), apis);
  });

  for (const width of WIDTHS)
    test(`at ${width} px nothing is wider than the pane and no name is cut`, async () => {
      assert.equal(routes.length, 10);
      const found: string[] = [];
      for (const route of routes) found.push(...(await misfits(site.browser, site.base, route, width)));
      assert.deepEqual(found, []);
    });
});

corpusSuite('the widest operations of GitHub, Twilio and Kubernetes fit the text pane', () => {
  let site = '';
  let routes: string[] = [];
  before(async () => {
    const documents: Record<string, Record<string, unknown>> = {};
    for (const [id, file] of Object.entries(CORPUS_DOCUMENTS)) documents[id] = await readDocument(join(CORPUS, file));
    // The ten widest of the three, each document cut down to its own among them and what they use.
    const picked = new Set(widest(Object.values(documents).flatMap(scoreOperations), 10).map((o) => o.operationId));
    for (const [id, document] of Object.entries(documents)) {
      const trimmed = trimmedTo(document, picked);
      if (Object.keys(trimmed.paths as object).length > 0) documents[id] = trimmed;
      else delete documents[id];
    }
    const built = await buildApis('browser-api-fit-corpus', documents);
    site = built.site;
    routes = await widestRoutes(
      site,
      Object.fromEntries(Object.entries(documents).map(([id, document]) => [id, [document]])),
    );
  });

  test('at 1400, 1024 and 390 px nothing is wider than the pane and no name is cut', () =>
    withSiteInBrowser(site, '/', async (browser, origin) => {
      assert.equal(routes.length, 10);
      const found: string[] = [];
      for (const width of WIDTHS)
        for (const route of routes) found.push(...(await misfits(browser, origin, route, width)));
      assert.deepEqual(found, []);
    }));
});

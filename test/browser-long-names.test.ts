import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { buildApis, type BuiltApis } from './api-pages-helpers.js';
import { withSiteInBrowser } from './browser.js';

/** Issue 25: long paths and names wrap instead of overflowing, on a desktop and on a phone. */
const LONG_NAME = 'OrganizationWorkspaceProjectEnvironmentDeploymentArtifactRetentionPolicyOverrides';
const LONG_PATH =
  '/v1/organizations/{organization_identifier}/workspaces/{workspace_identifier}/projects/{project_identifier}' +
  '/environments/{environment_identifier}/deployments/{deployment_identifier}/artifacts/{artifact_identifier}';
const SCOPE = 'organizations.workspaces.projects.environments.deployments.artifacts:read';
const TAG = 'ArtifactRetentionPolicyOverridesForEnvironmentDeployments';

/** One operation at a 200-character path, with an 80-character schema, a long scope, tag, parameter and server. */
function longDocument(others: number): Record<string, unknown> {
  const named = { $ref: `#/components/schemas/${LONG_NAME}` };
  const pathParams = [...LONG_PATH.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const paths: Record<string, unknown> = {
    [LONG_PATH]: {
      parameters: pathParams,
      get: {
        operationId: 'getArtifactRetentionPolicyOverrides',
        tags: [TAG],
        security: [{ oauth: [SCOPE] }],
        parameters: [{ name: `include_${LONG_NAME}`, in: 'query', schema: named }],
        responses: {
          '200': {
            description: 'OK',
            headers: { [`X-${LONG_NAME}`]: { description: 'The override that applied.', schema: named } },
            content: { 'application/json': { schema: named } },
          },
        },
      },
    },
  };
  for (let i = 0; i < others; i++)
    paths[`/short/${i}`] = {
      get: {
        operationId: `short${i}`,
        tags: [TAG],
        security: [{ oauth: [SCOPE] }],
        responses: { '204': { description: 'Done' } },
      },
    };
  return {
    openapi: '3.1.0',
    info: { title: 'Long', version: '1.0.0' },
    servers: [{ url: `https://api.example.com/${'segment/'.repeat(12)}end` }],
    paths,
    components: {
      schemas: {
        [LONG_NAME]: { type: 'object', properties: { [`${LONG_NAME}Identifier`]: { type: 'string' }, self: named } },
      },
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: 'https://example.com/token', scopes: { [SCOPE]: 'Read' } } },
        },
      },
    },
  };
}

const WIDTHS = [1400, 390];

/** Opens `route` at each width and hands over the page. */
async function atEachWidth(site: BuiltApis, route: string, check: (page: Page, width: number) => Promise<void>) {
  await withSiteInBrowser(site.site, '/', async (browser: Browser, origin) => {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        await page.goto(origin + route);
        await check(page, width);
      } finally {
        await page.close();
      }
    }
  });
}

async function fitsTheWindow(page: Page, width: number, route: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${route} at ${width} px is ${scrollWidth} px wide`);
}

/** Each cell's (or item's) text stays inside its own box, and no box overlaps the next one in its row. */
async function cellsKeepApart(page: Page, rows: string, cells: string): Promise<number> {
  const problems = await page.$$eval(
    rows,
    (found, cellSelector) =>
      found.flatMap((row) => {
        const boxes = [...row.querySelectorAll<HTMLElement>(cellSelector)].map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return { box: cell.getBoundingClientRect(), text: range.getBoundingClientRect(), name: cell.innerText };
        });
        return boxes.flatMap(({ box, text, name }, i) => [
          ...(text.right > box.right + 0.5 ? [`"${name.slice(0, 30)}" runs out of its box`] : []),
          ...boxes
            .slice(i + 1)
            .filter(
              (other) =>
                other.box.left < box.right - 0.5 &&
                other.box.top < box.bottom - 0.5 &&
                box.left < other.box.right - 0.5 &&
                box.top < other.box.bottom - 0.5,
            )
            .map((other) => `"${name.slice(0, 30)}" overlaps "${other.name.slice(0, 30)}"`),
        ]);
      }),
    cells,
  );
  assert.deepEqual(problems, []);
  return page.locator(`${rows} ${cells}`).count();
}

describe('long paths and names wrap instead of widening the page (1400 px and 390 px)', () => {
  let one: BuiltApis;
  let split: BuiltApis;
  before(async () => {
    one = await buildApis('long-names-one', { long: longDocument(1) });
    split = await buildApis('long-names-split', { long: longDocument(3) }, 2);
    assert.deepEqual([...one.result.diagnostics, ...split.result.diagnostics], []);
  });

  test('a one-page reference: the page fits, the roles table keeps the path in its cell', () =>
    atEachWidth(one, '/api/long/', async (page, width) => {
      await fitsTheWindow(page, width, 'the reference');
      assert.equal(await cellsKeepApart(page, '.api-roles tbody tr', 'td'), 2);
      assert.equal(await cellsKeepApart(page, '.api-oauth-flow tbody tr', 'td'), 2);
      assert.equal(await cellsKeepApart(page, '.api-headers tbody tr', 'td'), 3);
      // Broken across lines, the path still reads (and copies) as written.
      assert.equal(await page.locator('.api-operation .api-path').first().innerText(), LONG_PATH);
    }));

  test('a split reference: the overview lists the long path beside its neighbour, not over it', () =>
    atEachWidth(split, '/api/long/', async (page, width) => {
      await fitsTheWindow(page, width, 'the overview');
      assert.equal(await cellsKeepApart(page, '#api-moved', 'li'), 4);
    }));

  test('its tag page and models page fit too', async () => {
    const tag = `/api/long/${TAG.toLowerCase()}/`;
    await atEachWidth(split, tag, (page, width) => fitsTheWindow(page, width, 'the tag page'));
    await atEachWidth(split, '/api/long/schemas/o/', async (page, width) => {
      await fitsTheWindow(page, width, 'the models page');
      assert.equal(await page.locator('.api-model h3').textContent(), `#${LONG_NAME}`);
    });
  });
});

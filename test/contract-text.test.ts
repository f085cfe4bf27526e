import assert from 'node:assert/strict';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build, type BuildResult } from '../generator/commands/build.js';
import { Page } from './html.js';
import { ROOT, tempDir } from './helpers.js';

const FIXTURE = join(ROOT, 'test/fixtures/contract-text');

/**
 * Third-party contracts' text as readers get it: descriptions written as HTML (Stripe), summaries
 * written as Markdown (OpenAI), links written for the contract's own site, hostile HTML.
 */
describe("third-party contracts' text", () => {
  let out = '';
  let result: BuildResult;
  const read = (route: string): Promise<Page> => Page.read(join(out, 'site', route, 'index.html'));
  // The page's main column after its header, whose page menu is the site's own markup (an icon is an <svg>).
  const main = async (route: string): Promise<string> => {
    const html = await readFile(join(out, 'site', route, 'index.html'), 'utf8');
    return html.slice(html.indexOf('</header>', html.indexOf('<main')), html.indexOf('</main>'));
  };

  before(async () => {
    const dir = await tempDir('contract-text');
    await cp(FIXTURE, dir, { recursive: true });
    out = join(dir, 'out');
    result = await build({ config: join(dir, 'site-config.yaml'), out, strict: true });
  });

  test('builds with no diagnostics', () => {
    assert.deepEqual(result.diagnostics, []);
  });

  test('a description written as HTML keeps its text and its paragraphs (Stripe)', async () => {
    const page = await read('api/stripe');
    assert.equal(page.text('#GetAccount > .api-operation-text > .markdown'), 'Retrieves the details of an account.');
    assert.equal(page.all('#GetAccount > .api-operation-text > .markdown > p').length, 1);
    assert.equal(page.all('#PostAccountsAccount > .api-operation-text > .markdown > p').length, 2);
    assert.equal(page.text('#PostAccountsAccount > .api-operation-text > .markdown strong'), 'not');
    assert.match(page.text('#PostAccountsAccount .api-parameters') ?? '', /The id of the account\./);
    assert.equal(page.text('#GetAccount .api-status + p'), 'Successful response.');
    // The meta description is the first sentence as text, not as HTML.
    assert.equal(page.attr('meta[name="description"]', 'content'), 'The Stripe REST API.');
  });

  test('a summary written as Markdown is inline Markdown in the heading and plain text elsewhere (OpenAI)', async () => {
    const page = await read('api/openai');
    const plain =
      'Creates a fine-tuning job which begins the process of creating a new model from a given dataset. Learn more about fine-tuning';
    const heading = page.one('#createFineTuningJob > .api-operation-text > h3');
    assert.ok(heading);
    assert.equal(page.text('#createFineTuningJob > .api-operation-text > h3'), `#${plain}`);
    assert.equal(page.text('#createFineTuningJob > .api-operation-text > h3 strong'), 'fine-tuning');
    assert.equal(page.text('#createFineTuningJob > .api-operation-text > h3 code'), 'dataset');
    // The heading's only link is its own anchor; the summary's link is its text.
    assert.deepEqual(
      page.links('#createFineTuningJob > .api-operation-text > h3').map((l) => l.href),
      ['#createFineTuningJob'],
    );
    assert.equal(
      page.attr('#createFineTuningJob > .api-operation-text > h3 .hash-link', 'ariaLabel'),
      `Link to ${plain}`,
    );
    const entry = page.links('.api-nav').find((l) => l.href.endsWith('#createFineTuningJob'));
    assert.equal(entry?.text, `POST ${plain}`);
    assert.equal(page.all('.api-nav strong, .api-nav code').length, 0, 'the sidebar entry is plain text');
    const html = await main('api/openai');
    for (const raw of ['**', '](/docs', '`dataset`']) assert.ok(!html.includes(raw), `${raw} is shown raw`);
    // Anchors do not depend on summaries.
    assert.ok(page.one('#get-fine-tuning-jobs'));
    // A content page's card for the operation shows the same summary.
    const doc = await read('docs');
    assert.equal(doc.text('.contract-operation-summary strong'), 'fine-tuning');
    assert.equal(doc.links('.contract-operation-summary').length, 0);
    assert.equal(
      doc.attr('.contract-operation-link', 'ariaLabel'),
      `POST /fine_tuning/jobs: ${plain} (OpenAI-style API reference)`,
    );
  });

  test("relative links lead to the contract's own site: its externalDocs origin first, then its server's", async () => {
    const openai = await read('api/openai');
    assert.deepEqual(
      openai.links('.api-description').map((l) => [l.text, l.href]),
      [['the reference', 'https://platform.openai.com/docs/api-reference']],
    );
    assert.deepEqual(
      openai.links('.api-tag > .markdown').map((l) => [l.text, l.href]),
      [['Learn more', 'https://platform.openai.com/docs/guides/fine-tuning']],
    );
    const stripe = await read('api/stripe');
    assert.deepEqual(
      stripe.links('#PostAccountsAccount > .api-operation-text > .markdown').map((l) => [l.text, l.href]),
      [
        ['connected account', 'https://api.stripe.com/api/connect'],
        ['retrieving', '/api/stripe/#GetAccount'],
        ['the guide', 'https://api.stripe.com/guides/accounts?tab=1'],
      ],
    );
    assert.match(
      stripe.text('#PostAccountsAccount > .api-operation-text > .markdown') ?? '',
      /retrieving, elsewhere and the guide/,
    );
    // Swagger 2.0: its schemes and host.
    const swagger = await read('api/swagger');
    assert.deepEqual(
      swagger.links('.api-description').map((l) => [l.text, l.href]),
      [['the console', 'https://api.swagger.example/console']],
    );
  });

  test('with no absolute origin, relative links are their text; a fragment naming an operation leads to it', async () => {
    const page = await read('api/relative');
    assert.deepEqual(
      page.links('.api-description').map((l) => [l.text, l.href]),
      [
        ['the other call', '/api/relative/#listThings'],
        ['an absolute one', 'https://example.com/abs'],
      ],
    );
    assert.equal(
      page.text('.api-description'),
      'Read the guide, up and a query, or the other call, a missing anchor, a diagram and an absolute one.',
    );
    assert.equal(page.all('.api-description img').length, 0, 'no image from this site that does not exist');
  });

  test('hostile HTML is inert and its text stays', async () => {
    const page = await read('api/relative');
    const text = page.text('#listThings > .api-operation-text > .markdown') ?? '';
    for (const kept of [
      'font text',
      'span text',
      'script link',
      'frame text',
      'bold text',
      'centered text',
      'button text',
      'svg text',
      'math text',
      'the format <main request name>[/<subrequest name>] stays as written.',
    ])
      assert.ok(text.includes(kept), `"${kept}" is missing from: ${text}`);
    for (const gone of ['alert', 'display: none']) assert.ok(!text.includes(gone), `${gone} is shown: ${text}`);
    const html = await main('api/relative');
    for (const bad of [
      /<script/i,
      /<style/i,
      /<iframe/i,
      /<form/i,
      /<svg/i,
      /\son[a-z]+=/i,
      /javascript:/i,
      /\sstyle=/i,
    ])
      assert.doesNotMatch(html, bad);
    assert.equal(page.attr('#listThings > .api-operation-text > .markdown img', 'src'), 'https://example.com/i.png');
  });
});

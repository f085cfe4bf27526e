import assert from 'node:assert/strict';
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build } from '../generator/commands/build.js';
import { validate } from '../generator/commands/validate.js';
import type { Diagnostic } from '../generator/diagnostics/diagnostic.js';
import { findVoicePhrases, VOICE_FAMILIES } from '../generator/sources/voice-phrases.js';
import { Page } from './html.js';
import { tempDir } from './helpers.js';

const SITE = 'test/fixtures/sites/voice';
const CONFIG = join(SITE, 'site-config.yaml');

/** `file:line:col severity [rule] "phrase"`: where each finding is, and for `voice` which phrase. */
function lines(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const phrase = d.rule === 'voice' ? ` ${d.message.split(' speaks')[0]}` : '';
    return `${d.file.slice(SITE.length + 1)}:${d.line}:${d.column} ${d.severity} [${d.rule}]${phrase}`;
  });
}

describe('rules voice and duplicate-title on a fixture site', () => {
  let validated: Diagnostic[];
  let out: string;
  let built: Diagnostic[];
  before(async () => {
    validated = (await validate([], { config: CONFIG })).diagnostics;
    out = await tempDir('voice');
    built = (await build({ config: CONFIG, out, strict: false })).diagnostics;
  });

  test('each phrase is reported where it is written: page text, front matter, and every kind of contract prose', () => {
    assert.deepEqual(lines(validated), [
      'content/docs/intro.mdx:3:46 warning [voice] "not shown"',
      'content/docs/intro.mdx:6:36 warning [voice] "not shown"',
      'content/docs/intro.mdx:6:53 warning [voice] "specification"',
      // The phrase runs over a line break; its start is reported.
      'content/docs/intro.mdx:14:55 warning [voice] "document behind"',
      'content/docs/shop.mdx:3:8 warning [duplicate-title]',
      'content/docs/z-setup.mdx:2:8 warning [duplicate-title]',
      // info.description, a folded block: the position in the file, not in the folded text.
      'openapi/shop/1.0.0.yaml:7:5 warning [voice] "not shown"',
      'openapi/shop/1.0.0.yaml:7:22 warning [voice] "specification"',
      'openapi/shop/1.0.0.yaml:10:37 warning [voice] "document behind"',
      'openapi/shop/1.0.0.yaml:15:37 warning [voice] "specification"',
      'openapi/shop/1.0.0.yaml:21:53 warning [voice] "not shown"',
      // Inside quotes, and in a literal block.
      'openapi/shop/1.0.0.yaml:31:57 warning [voice] "not shown"',
      'openapi/shop/1.0.0.yaml:42:27 warning [voice] "not documented"',
    ]);
  });

  test('a standard’s name, code, inline code, example values and x- extensions are not flagged', () => {
    const intro = validated.filter((d) => d.file.endsWith('intro.mdx')).map((d) => d.line);
    // Line 8: inline code and two standards; lines 10-12: a code block; line 15: "respecifications".
    for (const line of [8, 10, 11, 12, 15]) assert.ok(!intro.includes(line), `intro.mdx line ${line}`);
    const contract = validated.filter((d) => d.file.endsWith('1.0.0.yaml')).map((d) => d.line);
    // Line 6: "the OpenAPI Specification"; line 29: an example; line 46: an x- extension.
    for (const line of [6, 29, 46]) assert.ok(!contract.includes(line), `1.0.0.yaml line ${line}`);
  });

  test('duplicate titles name the page that has the title first, by route', () => {
    const messages = validated.filter((d) => d.rule === 'duplicate-title').map((d) => d.message);
    assert.match(messages[0] ?? '', /^\/docs\/shop\/ has the title "Shop API reference" of \/api\/shop\/;/);
    assert.match(messages[1] ?? '', /^\/docs\/z-setup\/ has the title "setup {2}" of \/docs\/setup\/;/);
  });

  test('build reports what validate does, and the reference is titled apart from the API’s name', async () => {
    assert.deepEqual(lines(built), lines(validated));
    const reference = await Page.read(join(out, 'site/api/shop/index.html'));
    assert.equal(reference.text('title'), 'Shop API reference | Voice');
    assert.equal(reference.text('main h1'), 'Shop API reference');
  });

  test('an API titled in the config is reported at the config', async () => {
    const dir = await tempDir('voice-config');
    await cp(SITE, dir, { recursive: true });
    await writeFile(
      join(dir, 'site-config.yaml'),
      'title: Voice\napis:\n  - id: shop\n  - id: shop2\n    spec: openapi/shop/1.0.0.yaml\n    title: Shop API\n',
    );
    const { diagnostics } = await validate([], { config: join(dir, 'site-config.yaml'), rules: { voice: 'off' } });
    assert.deepEqual(
      diagnostics.map((d) => `${d.file.slice(dir.length + 1)}:${d.line}:${d.column} ${d.message.split(';')[0]}`),
      [
        'content/docs/shop.mdx:3:8 /docs/shop/ has the title "Shop API reference" of /api/shop/',
        'content/docs/z-setup.mdx:2:8 /docs/z-setup/ has the title "setup  " of /docs/setup/',
        'site-config.yaml:6:12 /api/shop2/ has the title "Shop API reference" of /api/shop/',
      ],
    );
  });

  test('both rules can be made errors or turned off', async () => {
    const chosen = await validate([], { config: CONFIG, rules: { voice: 'error', 'duplicate-title': 'off' } });
    assert.equal(chosen.diagnostics.length, 11);
    assert.ok(chosen.diagnostics.every((d) => d.rule === 'voice' && d.severity === 'error'));
    const titles = await validate([], { config: CONFIG, rules: { voice: 'off', 'duplicate-title': 'error' } });
    assert.deepEqual(
      titles.diagnostics.map((d) => `${d.severity} ${d.rule}`),
      ['error duplicate-title', 'error duplicate-title'],
    );
  });
});

describe('rule voice on a page made of the phrases', () => {
  test('reports the first 20 of a file where they are, and counts the rest in one more line', async () => {
    const dir = await tempDir('voice-many');
    await cp(SITE, dir, { recursive: true });
    const lines = Array.from({ length: 30 }, (_, i) => `Line ${i}: the body is not shown.`);
    await writeFile(
      join(dir, 'content/docs/intro.mdx'),
      `---\ntitle: Intro\ndescription: Intro.\n---\n\n${lines.join('\n\n')}\n`,
    );
    const found = (await validate([], { config: join(dir, 'site-config.yaml') })).diagnostics.filter(
      (d) => d.rule === 'voice' && d.file.endsWith('intro.mdx'),
    );
    assert.equal(found.length, 21);
    assert.deepEqual(
      found.slice(19).map((d) => [d.line, d.message]),
      [
        [44, '"not shown" speaks of a document the reader does not see; say what is known, and leave out what is not'],
        [46, '10 more phrases of the kind in this file'],
      ],
    );
  });
});

describe('findVoicePhrases', () => {
  const found = (text: string) => findVoicePhrases(text).map((h) => [h.phrase, text.slice(h.start, h.end)]);

  test('whole words in any case, plurals, across line breaks and runs of spaces', () => {
    assert.deepEqual(found('Not\n   Shown; the SPECIFICATIONS; documents  behind'), [
      ['not shown', 'Not\n   Shown'],
      ['specification', 'SPECIFICATIONS'],
      ['document behind', 'documents  behind'],
    ]);
  });

  test('not a part of another word, not a standard’s name, and overlapping phrases once', () => {
    assert.deepEqual(found('respecification, notshown, the OpenAPI\nSpecification, Swagger specification'), []);
    assert.deepEqual(found('the JSON Schema specification and the specification'), [
      ['specification', 'specification'],
    ]);
    assert.deepEqual(found('the document behind this site'), [['document behind', 'document behind']]);
  });
});

describe('findVoicePhrases: meta-talk, one case per phrase family', () => {
  /** Each hit as `phrase = written text (family's reason)`. */
  const found = (text: string) =>
    findVoicePhrases(text).map((h) => `${h.phrase} = ${text.slice(h.start, h.end)} (${h.says})`);
  const says = (phrase: string) => VOICE_FAMILIES.find((f) => (f.phrases as readonly string[]).includes(phrase))?.says;

  test('the reference pages', () => {
    assert.deepEqual(found('Marked deprecated in the API Reference; each reference\npage lists them.'), [
      `the api reference = the API Reference (${says('the api reference')})`,
      `reference page = reference\npage (${says('reference page')})`,
    ]);
    // The word alone, or an API's own reference named, is not the site talking about itself.
    assert.deepEqual(found('For reference, see the Searcher API reference; the references.'), []);
  });

  test('contracts and examples as sources', () => {
    assert.deepEqual(
      found('As the contract’s example shows, the API contracts say; the example’s keys, as the example does.'),
      [
        `the contract = the contract (${says('the contract')})`,
        `contracts = contracts (${says('contracts')})`,
        `the example's = the example’s (${says("the example's")})`,
        `as the example does = as the example does (${says('as the example does')})`,
      ],
    );
    assert.deepEqual(found('The contractor signs a contract; the example below runs.'), []);
  });

  test('the documentation itself', () => {
    assert.deepEqual(found('This documentation and these docs: the documentation covers six families.'), [
      `this documentation = This documentation (${says('this documentation')})`,
      `these docs = these docs (${says('these docs')})`,
      `the documentation covers = the documentation covers (${says('the documentation covers')})`,
    ]);
    assert.deepEqual(found('The documentation of the crawler; these docsets.'), []);
  });

  test('what is not covered', () => {
    assert.deepEqual(found('Groovy items are NOT covered here.'), [
      `not covered = NOT covered (${says('not covered')})`,
    ]);
    assert.deepEqual(found('A covered path; a notcovered flag.'), []);
  });

  test('hedges about sources', () => {
    assert.deepEqual(
      found('This is general practice, checked against the contracts when the site is built; general practices.'),
      [
        `general practice = general practice (${says('general practice')})`,
        // One finding where phrases overlap: the longest one.
        `checked against the contract = checked against the contracts (${says('checked against the contract')})`,
        `the site is built = the site is built (${says('the site is built')})`,
        `general practice = general practices (${says('general practice')})`,
      ],
    );
  });

  test('where the reader came from', () => {
    assert.deepEqual(found('You reached this page from the Connectors link in the footer.'), [
      `you reached this page = You reached this page (${says('you reached this page')})`,
      `link in the footer = link in the footer (${says('link in the footer')})`,
    ]);
    assert.deepEqual(found('The footer links to the privacy policy.'), []);
  });

  test('every family is distinct and every phrase belongs to one', () => {
    assert.equal(new Set(VOICE_FAMILIES.map((f) => f.says)).size, VOICE_FAMILIES.length);
    assert.equal(
      new Set(VOICE_FAMILIES.flatMap((f) => f.phrases)).size,
      VOICE_FAMILIES.flatMap((f) => f.phrases).length,
    );
  });
});

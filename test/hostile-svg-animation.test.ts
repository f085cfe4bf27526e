import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { filesUnder, page, project, run } from './hostile-content-helpers.js';

/**
 * An SVG animation can set a link after the file was checked (`<set attributeName="href"
 * to="javascript:…">`), so `svg-safety.ts` refuses each animation element that targets an `href`.
 * A fixture per element and per spelling of the attribute: dropping any element from its list
 * lets two of them through.
 */
const ELEMENTS = ['set', 'animate', 'animateMotion', 'animateTransform', 'animateColor'];
const ATTRIBUTES = ['href', 'xlink:href'];

function animatedLink(element: string, attribute: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a href="#x"><${element} attributeName="${attribute}" to="javascript:alert(1)" dur="1s"/><text id="x">x</text></a></svg>`;
}

describe('an SVG animation of a link is refused', () => {
  test('each animation element animating href or xlink:href is one located unsafe-svg error', async () => {
    const files: Record<string, string> = {};
    const expected: string[] = [];
    for (const element of ELEMENTS)
      for (const attribute of ATTRIBUTES) {
        const name = `${element}-${attribute.replace(':', '-')}`.toLowerCase();
        files[`content/docs/${name}.mdx`] = page(`![a](./${name}.svg)`, name);
        files[`content/docs/${name}.svg`] = animatedLink(element, attribute);
        expected.push(`content/docs/${name}.mdx:6:1 [unsafe-svg] <${element} attributeName="${attribute}">`);
      }
    // Animating anything else is drawing, and is published.
    files['content/docs/index.mdx'] = page('![a](./opacity.svg)', 'Opacity');
    files['content/docs/opacity.svg'] = animatedLink('animate', 'opacity');
    const p = await project(files);
    const result = await run(p);
    const output = result.stdout + result.stderr;
    assert.equal(result.code, 1, output);
    const found = [
      ...output.matchAll(
        /\/(content\/docs\/\S+):(\d+):(\d+) error \[([\w-]+)\] .*it animates a link (<\S+ [^=]+="[^"]+")/gm,
      ),
    ].map((m) => `${m[1]}:${m[2]}:${m[3]} [${m[4]}] ${m[5]}>`);
    assert.deepEqual(found.sort(), expected.sort(), output);
    assert.equal(output.match(/ error \[/g)?.length, expected.length, output);
    assert.deepEqual(await filesUnder(p.out), new Map(), 'a failed build writes nothing');
  });
});

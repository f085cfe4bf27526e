import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Element, Root } from 'xast';
import { fromXml } from 'xast-util-from-xml';
import { tempDir } from './helpers.js';

/** The blog's fixture site; see its site-config.yaml. */
export const BLOG_FIXTURE = 'test/fixtures/blog-site/site-config.yaml';

/** An element of a parsed feed, with the lookups the assertions need. */
export class FeedElement {
  constructor(readonly element: Element) {}

  get name(): string {
    return this.element.name;
  }

  get attributes(): Record<string, string | null | undefined> {
    return this.element.attributes;
  }

  children(name: string): FeedElement[] {
    return this.element.children
      .filter((c): c is Element => c.type === 'element' && c.name === name)
      .map((c) => new FeedElement(c));
  }

  /** The one child named `name`; a missing one fails the test. */
  child(name: string): FeedElement {
    const found = this.children(name);
    if (found.length !== 1) throw new Error(`<${this.name}> has ${found.length} <${name}> elements, not one`);
    return found[0] as FeedElement;
  }

  /** Its text (CDATA included), or the text of its one child `name`. */
  text(name?: string): string {
    if (name !== undefined) return this.child(name).text();
    return this.element.children.map((c) => (c.type === 'text' || c.type === 'cdata' ? c.value : '')).join('');
  }
}

/** A feed file parsed back as XML (a file that is not well-formed XML throws), as its root element. */
export async function feedDocument(path: string): Promise<FeedElement> {
  const root: Root = fromXml(await readFile(path, 'utf8'));
  const element = root.children.find((c): c is Element => c.type === 'element');
  if (!element) throw new Error(`${path} has no root element`);
  return new FeedElement(element);
}

/** A copy of the blog's fixture site in a temporary folder, with `files` (path under it → text) added or replaced. */
export async function blogSiteWith(name: string, files: Record<string, string>): Promise<string> {
  const dir = await tempDir(name);
  await cp('test/fixtures/blog-site', dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) await writeFile(join(dir, path), text);
  return join(dir, 'site-config.yaml');
}

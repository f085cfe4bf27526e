import { readFile } from 'node:fs/promises';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';

/** A built HTML page, parsed, with small query helpers for assertions. */
export class Page {
  constructor(readonly tree: Root) {}

  static async read(path: string): Promise<Page> {
    return new Page(fromHtml(await readFile(path, 'utf8')));
  }

  one(selector: string): Element | undefined {
    return select(selector, this.tree);
  }

  all(selector: string): Element[] {
    return selectAll(selector, this.tree);
  }

  text(selector: string): string | undefined {
    const node = this.one(selector);
    return node && toString(node).replace(/\s+/g, ' ').trim();
  }

  attr(selector: string, name: string): string | undefined {
    const value = this.one(selector)?.properties[name];
    return value === undefined || value === null ? undefined : Array.isArray(value) ? value.join(' ') : String(value);
  }

  /** Text and href of every link under `selector`. */
  links(
    selector: string,
  ): Array<{ text: string; href: string; label: string | undefined; target: string | undefined }> {
    return this.all(`${selector} a`).map((a) => ({
      text: toString(a).replace(/\s+/g, ' ').trim(),
      href: String(a.properties.href ?? ''),
      label: a.properties.ariaLabel === undefined ? undefined : String(a.properties.ariaLabel),
      target: a.properties.target === undefined ? undefined : String(a.properties.target),
    }));
  }
}

export function textOf(node: Element): string {
  return toString(node).replace(/\s+/g, ' ').trim();
}

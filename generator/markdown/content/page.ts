import type { BlockContent, Code, List, Table, TableRow } from 'mdast';
import { ADMONITION_KINDS } from '../../content/plugins/remark-admonitions.js';
import type { ContractCatalog } from '../../../templates/mdx/contract-model.js';
import type { TwinContext } from '../context.js';
import { asFlow, asPhrasing, heading, oneLine, paragraph, strong, text, type Flow, type Phrasing } from '../nodes.js';
import { HTML_ELEMENTS } from './html-elements.js';
import { SITE_COMPONENTS } from './site-components.js';
import { textOf, type Converter, type JsxHandler, type JsxNode, type SiteText, type TwinNode } from './tree.js';

/**
 * The HTML elements and the site's layout components. The contract components
 * (`contract-components.ts`) are added where the reference's catalog is at hand: they draw on it, and
 * their module on the reference's model (React elements), which the second thread never loads.
 */
export const CONTENT_HANDLERS: Readonly<Record<string, JsxHandler>> = { ...HTML_ELEMENTS, ...SITE_COMPONENTS };

const TITLES = Object.fromEntries(ADMONITION_KINDS.map((k) => [k, k.charAt(0).toUpperCase() + k.slice(1)]));
const CODE_TITLE = /title=(?:"([^"]*)"|'([^']*)')/;

/**
 * A content page's Markdown syntax tree (as the content stage left it) made into the blocks of its
 * twin: components become the Markdown they stand for, admonitions quotes, links absolute; what is
 * not Markdown (raw HTML, comments) is gone. Headings of level 1 become level 2: in a twin, and in
 * llms-full.txt, a level-1 heading is a page's title and nothing else.
 */
export class PageConverter implements Converter {
  private readonly definitions = new Map<string, { url: string }>();

  constructor(
    readonly ctx: TwinContext,
    readonly catalog: ContractCatalog,
    readonly site: SiteText,
    private readonly handlers: Readonly<Record<string, JsxHandler>> = CONTENT_HANDLERS,
  ) {}

  blocks(twin: string): Flow[] {
    const tree = JSON.parse(twin) as TwinNode;
    this.collectDefinitions(tree);
    return this.flow(tree.children ?? []);
  }

  /** Children of a container of blocks. */
  flow(children: readonly TwinNode[]): Flow[] {
    return asFlow(children.flatMap((child) => this.node(child)));
  }

  /** Children of a sentence (a paragraph, a heading, a link's text). */
  phrasing(children: readonly TwinNode[]): Phrasing[] {
    return asPhrasing(children.flatMap((child) => this.node(child)));
  }

  private node(node: TwinNode): Flow[] {
    const children = node.children ?? [];
    switch (node.type) {
      case 'text':
      case 'inlineCode':
      case 'break':
      case 'thematicBreak':
      case 'footnoteReference':
        return [node as unknown as Flow];
      case 'paragraph':
        return [paragraph(...this.phrasing(children))];
      case 'heading':
        return [heading(Math.max(2, Number(node.depth)), ...this.phrasing(children))];
      case 'emphasis':
      case 'strong':
      case 'delete':
        return [{ type: node.type, children: this.phrasing(children) }];
      case 'blockquote':
      case 'footnoteDefinition':
        return [{ ...(node as object), children: this.flow(children) } as Flow];
      case 'list':
        return [this.list(node)];
      case 'table':
        return [this.table(node)];
      case 'code':
        return [this.code(node)];
      case 'link':
        // Written by the author and rewritten by the content stage, whose checks have followed it.
        return this.resolved(node.url as string, this.phrasing(children));
      case 'image':
        return this.image(node.url as string, node.alt as string | null | undefined);
      // A reference takes its definition's URL, which the content stage rewrote as it does a link's or an image's.
      case 'linkReference': {
        const definition = this.definitions.get(node.identifier as string);
        return definition ? this.resolved(definition.url, this.phrasing(children)) : this.phrasing(children);
      }
      case 'imageReference': {
        const definition = this.definitions.get(node.identifier as string);
        const alt = node.alt as string | null | undefined;
        return definition ? this.image(definition.url, alt) : alt ? [text(alt)] : [];
      }
      case 'definition':
        return [];
      case 'containerDirective':
        return this.admonition(node);
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return this.jsx(node as JsxNode);
      default:
        return children.flatMap((child) => this.node(child));
    }
  }

  private jsx(node: JsxNode): Flow[] {
    const handler =
      node.name !== null && Object.hasOwn(this.handlers, node.name) ? this.handlers[node.name] : undefined;
    const made = handler ? handler(node, this) : node.children.flatMap((child) => this.node(child));
    // An element on a line of its own is a block of its own, even when what it makes is a sentence.
    return node.type === 'mdxJsxFlowElement' ? asFlow(made) : made;
  }

  /** An author's link: absolute, or its text alone when the URL policy refuses it. */
  private resolved(url: string, children: Phrasing[]): Flow[] {
    const absolute = this.ctx.urls.resolve(url, this.ctx.page);
    return absolute === undefined ? children : [{ type: 'link', url: absolute, children }];
  }

  private image(url: string, alt: string | null | undefined): Flow[] {
    const absolute = this.ctx.urls.resolve(url, this.ctx.page);
    if (absolute === undefined) return alt ? [text(alt)] : [];
    return [{ type: 'image', url: absolute, alt: alt ?? '' }];
  }

  private list(node: TwinNode): List {
    const items = (node.children ?? []).map((item) => ({
      type: 'listItem' as const,
      spread: item.spread === true,
      checked: typeof item.checked === 'boolean' ? item.checked : null,
      children: this.flow(item.children ?? []) as BlockContent[],
    }));
    return {
      type: 'list',
      ordered: node.ordered === true,
      start: typeof node.start === 'number' ? node.start : null,
      spread: node.spread === true,
      children: items,
    };
  }

  private table(node: TwinNode): Table {
    const rows = (node.children ?? []).map((row): TableRow => ({
      type: 'tableRow',
      children: (row.children ?? []).map((cell) => ({
        type: 'tableCell',
        children: oneLine(this.phrasing(cell.children ?? [])),
      })),
    }));
    return { type: 'table', align: (node.align as Table['align']) ?? null, children: rows };
  }

  /** A code block with its language, and its title when it has one (` ```ts title="a.ts" `). */
  private code(node: TwinNode): Code {
    const title = CODE_TITLE.exec(typeof node.meta === 'string' ? node.meta : '');
    const name = title?.[1] ?? title?.[2];
    return {
      type: 'code',
      lang: typeof node.lang === 'string' ? node.lang : null,
      meta: name ? `title=${JSON.stringify(name)}` : null,
      value: node.value ?? '',
    };
  }

  /**
   * `:::tip[Title]` as the content stage left it (a heading paragraph, then the body) becomes a
   * quote that opens with its kind and title in bold.
   */
  private admonition(node: TwinNode): Flow[] {
    const [title, body] = node.children ?? [];
    const name = String(node.name);
    const kind = Object.hasOwn(TITLES, name) ? (TITLES[name] as string) : name;
    const titleText = title ? textOf(title).trim() : '';
    const label: Phrasing[] =
      titleText === '' || titleText === kind
        ? [text(kind)]
        : [text(`${kind}: `), ...this.phrasing(title?.children ?? [])];
    return [
      {
        type: 'blockquote',
        children: [paragraph(strong(...label)), ...this.flow(body?.children ?? [])] as BlockContent[],
      },
    ];
  }

  private collectDefinitions(node: TwinNode): void {
    if (node.type === 'definition' && typeof node.identifier === 'string' && !this.definitions.has(node.identifier))
      this.definitions.set(node.identifier, { url: String(node.url ?? '') });
    for (const child of node.children ?? []) this.collectDefinitions(child);
  }
}

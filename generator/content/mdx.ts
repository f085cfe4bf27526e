import { compile } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import { VFile } from 'vfile';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { rehypeCode } from './plugins/rehype-code.js';
import { rehypeHeadings } from './plugins/rehype-headings.js';
import { remarkAdmonitions } from './plugins/remark-admonitions.js';
import { remarkContracts } from './plugins/remark-contracts.js';
import { remarkLinks } from './plugins/remark-links.js';
import { remarkSafety } from './plugins/remark-safety.js';
import { PageReport } from './plugins/report.js';
import type { Asset, ContractLookup, Heading, PageLink, PageSource } from './types.js';

export interface MdxContext {
  baseUrl: string;
  toc: { minHeadingLevel: number; maxHeadingLevel: number };
  /** Names of the components MDX pages may use. */
  components: ReadonlySet<string>;
  /** What `<Schema>`, `<Operation>`, `<EnumValues>` and tagged JSON examples may refer to. */
  contracts: ContractLookup;
  /** Every page's absolute file path → its route, to rewrite links to `.md`/`.mdx` files. */
  fileRoutes: Pick<ReadonlyMap<string, string>, 'get'>;
  /** Shared by all pages so that an image used twice is read once. */
  assets: Map<string, Asset>;
}

/** What compiling one page gives: MDX's function body and what the plugins collected on the way. */
export interface MdxOutput {
  /** Undefined when the page has errors. */
  code: string | undefined;
  anchors: string[];
  toc: Heading[];
  links: PageLink[];
  /** The images the page uses. */
  assets: Asset[];
  diagnostics: Diagnostic[];
}

/**
 * Markdown/MDX → JavaScript with @mdx-js/mdx and the site's remark/rehype plugins. This module (MDX,
 * micromark, shiki) is only loaded when some page is not in the build cache.
 */
export async function compileMdx(page: PageSource, context: MdxContext): Promise<MdxOutput> {
  const report = new PageReport(page.display);
  const anchors = new Set<string>();
  const toc: Heading[] = [];
  const links: PageLink[] = [];
  const assets: Asset[] = [];
  const output = (code: string | undefined, diagnostics: Diagnostic[]): MdxOutput => ({ code, anchors: [...anchors], toc, links, assets, diagnostics });
  let code: string;
  try {
    const compiled = await compile(new VFile({ path: page.file, value: page.text }), {
      format: page.format,
      outputFormat: 'function-body',
      development: false,
      remarkPlugins: [
        remarkFrontmatter,
        remarkGfm,
        remarkDirective,
        [remarkSafety, { report, components: context.components }],
        [remarkContracts, { report, contracts: context.contracts }],
        [remarkAdmonitions, { report }],
        [remarkLinks, { report, file: page.file, route: page.route, baseUrl: context.baseUrl, fileRoutes: context.fileRoutes, links, assets: context.assets, pageAssets: assets }],
      ],
      rehypePlugins: [
        [rehypeHeadings, { anchors, toc, minLevel: context.toc.minHeadingLevel, maxLevel: context.toc.maxHeadingLevel }],
        [rehypeCode, { report }],
      ],
    });
    code = String(compiled.value);
  } catch (error) {
    return output(undefined, [...report.diagnostics, syntaxDiagnostic(page, error)]);
  }
  if (report.diagnostics.some((d) => d.severity === 'error')) return output(undefined, report.diagnostics);
  return output(code, report.diagnostics);
}

function syntaxDiagnostic(page: PageSource, error: unknown): Diagnostic {
  type Point = { line?: number; column?: number };
  const message = error as Point & { place?: Point & { start?: Point }; reason?: string; message?: string };
  const raw = (message.reason ?? message.message ?? String(error)).replace(/\s+/g, ' ').trim();
  // micromark gives a point, a range (`place.start`), or for some problems only "(5:1-5:6)" in the text.
  const range = / \((\d+):(\d+)-\d+:\d+\)$/.exec(raw);
  const at: Point = message.place?.start ?? message.place ?? (message.line !== undefined ? message : range ? { line: Number(range[1]), column: Number(range[2]) } : {});
  const reason = range ? raw.slice(0, range.index) : raw;
  return { file: page.display, line: at.line ?? 1, column: at.column ?? 1, severity: 'error', rule: 'mdx-syntax', message: reason };
}

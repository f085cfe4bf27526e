import { compile, run } from '@mdx-js/mdx';
import * as runtime from 'react/jsx-runtime';
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
import type { Asset, CompiledPage, ContractLookup, Heading, PageLink, PageSource } from './types.js';

export interface CompileContext {
  baseUrl: string;
  toc: { minHeadingLevel: number; maxHeadingLevel: number };
  /** Names of the components MDX pages may use. */
  components: ReadonlySet<string>;
  /** What `<Schema>`, `<Operation>`, `<EnumValues>` and tagged JSON examples may refer to. */
  contracts: ContractLookup;
  fileRoutes: ReadonlyMap<string, string>;
  /** Shared by all pages so that an image used twice is copied once. */
  assets: Map<string, Asset>;
}

export interface CompileResult {
  page: CompiledPage | undefined;
  diagnostics: Diagnostic[];
}

/** Markdown/MDX → a React component, with the page's headings, table of contents and links. */
export async function compilePage(page: PageSource, context: CompileContext): Promise<CompileResult> {
  const report = new PageReport(page.display);
  const anchors = new Set<string>();
  const toc: Heading[] = [];
  const links: PageLink[] = [];
  let code: string;
  try {
    const output = await compile(new VFile({ path: page.file, value: page.text }), {
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
        [remarkLinks, { report, file: page.file, route: page.route, baseUrl: context.baseUrl, fileRoutes: context.fileRoutes, links, assets: context.assets }],
      ],
      rehypePlugins: [
        [rehypeHeadings, { anchors, toc, minLevel: context.toc.minHeadingLevel, maxLevel: context.toc.maxHeadingLevel }],
        [rehypeCode, { report }],
      ],
    });
    code = String(output.value);
  } catch (error) {
    return { page: undefined, diagnostics: [...report.diagnostics, syntaxDiagnostic(page, error)] };
  }
  if (report.diagnostics.some((d) => d.severity === 'error')) return { page: undefined, diagnostics: report.diagnostics };
  // The code is MDX's own output for a tree remarkSafety has checked: JSX calls of known components
  // and literal values, no expressions or imports from the page.
  const module = await run(code, { ...runtime, baseUrl: import.meta.url });
  return { page: { ...page, Content: module.default, anchors, toc, links }, diagnostics: report.diagnostics };
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

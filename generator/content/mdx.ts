import { createProcessor } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import { VFile } from 'vfile';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { CodeColours } from './code-colours.js';
import { rehypeCode } from './plugins/rehype-code.js';
import { rehypeHeadings } from './plugins/rehype-headings.js';
import { remarkAdmonitions } from './plugins/remark-admonitions.js';
import { DepthLimitExceeded, depthLimitMessage, remarkDepthLimit, tooDeepLine } from './plugins/remark-depth-limit.js';
import { remarkContracts } from './plugins/remark-contracts.js';
import { PageSizeExceeded, remarkPageSize } from './plugins/remark-page-size.js';
import { remarkLinks } from './plugins/remark-links.js';
import { remarkSafety } from './plugins/remark-safety.js';
import { remarkCaptureTwin } from './plugins/remark-twin.js';
import { remarkVoice } from './plugins/remark-voice.js';
import { withPageState, type PageState } from './plugins/page-state.js';
import { mayHoldLiteralLinks, remarkWithoutLiteralLinkSearch } from './plugins/literal-links.js';
import { PageReport } from './plugins/report.js';
import { rehypeCaptureTree, serializePageTree, TreeCaptured } from './page-tree.js';
import type { Asset, ContractLookup, Heading, PageLink, PageSource } from './types.js';
import { DEPTH_LIMIT_RULE } from '../sources/limits.js';
import type { Project } from '../sources/project-path.js';
import { MAX_INLINE_MARKS, overMarkedParagraph, tooMuchInlineMarkup } from './inline-markup.js';
import { PAGE_SIZE_RULE, tooLongPage } from './page-size.js';

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
  /** Images are read only from inside it. */
  project: Project;
  /** What one page may cost: its lines before the parse, its Markdown syntax nodes after (`contentBudget`). */
  budget: { lines: number; nodes: number };
  /** Where code blocks are coloured; on the compiling thread when absent. */
  codeColours?: CodeColours;
}

/** What compiling one page gives: its HTML syntax tree and what the plugins collected on the way. */
export interface MdxOutput {
  /** The page's HTML syntax tree as JSON (`serializePageTree`); undefined when the page has errors. */
  tree: string | undefined;
  /** The page's Markdown syntax tree as JSON (`serializeTwinTree`), for its Markdown twin; undefined when the page has errors. */
  twin: string | undefined;
  anchors: string[];
  toc: Heading[];
  links: PageLink[];
  /** The images the page uses. */
  assets: Asset[];
  diagnostics: Diagnostic[];
}

/** What a page's processor is made for: its format, and whether its text may hold literal links (`mayHoldLiteralLinks`). */
type ProcessorKind = `${PageSource['format']}:${boolean}`;

/** One processor per build context and kind: plugins read the page they work on from its file (`PageState`). */
const processors = new WeakMap<MdxContext, Map<ProcessorKind, ReturnType<typeof createProcessor>>>();

function processorFor(context: MdxContext, page: PageSource): ReturnType<typeof createProcessor> {
  const { format } = page;
  const literalLinks = mayHoldLiteralLinks(page.text);
  const kind: ProcessorKind = `${format}:${literalLinks}`;
  let byKind = processors.get(context);
  if (!byKind) processors.set(context, (byKind = new Map()));
  let processor = byKind.get(kind);
  if (!processor) {
    processor = createProcessor({
      format,
      remarkPlugins: [
        remarkFrontmatter,
        remarkGfm,
        ...(literalLinks ? [] : [remarkWithoutLiteralLinkSearch]),
        remarkDirective,
        // First: a page over its budget stops before anything that costs more than counting.
        [remarkPageSize, { maxNodes: context.budget.nodes }],
        remarkDepthLimit,
        [remarkSafety, { components: context.components }],
        remarkContracts,
        remarkAdmonitions,
        remarkVoice,
        [remarkLinks, { baseUrl: context.baseUrl, assets: context.assets, project: context.project }],
        remarkCaptureTwin,
      ],
      rehypePlugins: [
        [rehypeHeadings, { minLevel: context.toc.minHeadingLevel, maxLevel: context.toc.maxHeadingLevel }],
        [rehypeCode, { colours: context.codeColours }],
        rehypeCaptureTree,
      ],
    });
    byKind.set(kind, processor);
  }
  return processor;
}

/**
 * Markdown/MDX → the page's HTML syntax tree, with @mdx-js/mdx's parser and the site's remark/rehype
 * plugins; MDX stops once the tree is done (`rehypeCaptureTree`). This module (MDX, micromark,
 * shiki) is only loaded when some page is not in the build cache. `lookups` are what this page
 * resolves links and contract names with, when they are not the context's own (the caller watches
 * what a page asks).
 */
export async function compileMdx(
  page: PageSource,
  context: MdxContext,
  lookups: Pick<MdxContext, 'contracts' | 'fileRoutes'> = context,
): Promise<MdxOutput> {
  const report = new PageReport(page.display);
  const anchors = new Set<string>();
  const toc: Heading[] = [];
  const links: PageLink[] = [];
  const assets: Asset[] = [];
  const twin: PageState['twin'] = { tree: undefined };
  const output = (tree: string | undefined, diagnostics: Diagnostic[]): MdxOutput => ({
    tree,
    twin: tree === undefined ? undefined : twin.tree,
    anchors: [...anchors],
    toc,
    links,
    assets,
    diagnostics,
  });
  let tree: string | undefined;
  const file = withPageState(new VFile({ path: page.file, value: page.text }), {
    report,
    file: page.file,
    route: page.route,
    contracts: lookups.contracts,
    fileRoutes: lookups.fileRoutes,
    links,
    pageAssets: assets,
    anchors,
    toc,
    twin,
  });
  const long = tooLongPage(page.text, context.budget.lines);
  if (long) return output(undefined, [{ file: page.display, ...long, severity: 'error', rule: PAGE_SIZE_RULE }]);
  const deep = tooDeepLine(page.text);
  if (deep)
    return output(undefined, [
      { file: page.display, ...deep, severity: 'error', rule: DEPTH_LIMIT_RULE, message: depthLimitMessage() },
    ]);
  // Before the parse, whose work on one paragraph grows with the square of its emphasis and links.
  const marked = overMarkedParagraph(page.text, page.format, MAX_INLINE_MARKS);
  if (marked)
    return output(undefined, [
      {
        file: page.display,
        ...marked,
        severity: 'error',
        rule: PAGE_SIZE_RULE,
        message: tooMuchInlineMarkup(MAX_INLINE_MARKS),
      },
    ]);
  try {
    await processorFor(context, page).process(file);
  } catch (error) {
    if (error instanceof TreeCaptured) tree = serializePageTree(error.tree);
    else if (error instanceof DepthLimitExceeded || error instanceof PageSizeExceeded)
      return output(undefined, report.diagnostics);
    // Before the depth is measured, only the parser runs; some of its steps recurse into what it reads.
    else if (error instanceof RangeError && /call stack/i.test(error.message))
      return output(undefined, [
        ...report.diagnostics,
        {
          file: page.display,
          line: 1,
          column: 1,
          severity: 'error',
          rule: DEPTH_LIMIT_RULE,
          message: depthLimitMessage().replace(' here', ''),
        },
      ]);
    else return output(undefined, [...report.diagnostics, syntaxDiagnostic(page, error)]);
  }
  if (tree === undefined) throw new Error(`MDX finished ${page.display} without handing over its tree`);
  if (report.diagnostics.some((d) => d.severity === 'error')) return output(undefined, report.diagnostics);
  return output(tree, report.diagnostics);
}

function syntaxDiagnostic(page: PageSource, error: unknown): Diagnostic {
  type Point = { line?: number; column?: number };
  const message = error as Point & { place?: Point & { start?: Point }; reason?: string; message?: string };
  const raw = (message.reason ?? message.message ?? String(error)).replace(/\s+/g, ' ').trim();
  // micromark gives a point, a range (`place.start`), or for some problems only "(5:1-5:6)" in the text.
  const range = / \((\d+):(\d+)-\d+:\d+\)$/.exec(raw);
  const at: Point =
    message.place?.start ??
    message.place ??
    (message.line !== undefined ? message : range ? { line: Number(range[1]), column: Number(range[2]) } : {});
  const reason = range ? raw.slice(0, range.index) : raw;
  return {
    file: page.display,
    line: at.line ?? 1,
    column: at.column ?? 1,
    severity: 'error',
    rule: 'mdx-syntax',
    message: reason,
  };
}

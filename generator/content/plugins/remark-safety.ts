import type { Root } from 'mdast';
import type { Node as EstreeNode } from 'estree';
import { isSafeUrl, srcsetUrls, unsafeUrlMessage } from '../../../templates/url-policy.js';
import type {
  MdxJsxAttribute,
  MdxJsxExpressionAttribute,
  MdxJsxFlowElement,
  MdxJsxTextElement,
} from 'mdast-util-mdx-jsx';
import { walk } from './walk.js';
import { clientOwnedAttribute } from './client-owned.js';
import { pageState } from './page-state.js';
import { reportRawHtml } from './raw-html.js';
import type { PageReport } from './report.js';
import type { VFile } from 'vfile';

/** Lower-case elements an MDX page may write: formatting and structure, nothing that runs or embeds. */
const SAFE_TAGS = new Set(
  'a abbr b blockquote br caption cite code dd del details dfn div dl dt em figcaption figure h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s samp small span strong sub summary sup table tbody td tfoot th thead tr u ul var'.split(
    ' ',
  ),
);
/**
 * Attributes a browser reads as a URL, by name without case, `-`, `_` or `:` (`xlink:href`,
 * `xlinkHref`, `srcSet`), and the site's components' URL props (`href` of <Card>, `to`). Generous
 * on purpose: a name listed here that takes no URL only costs a check.
 */
const URL_ATTRIBUTES = new Set(
  'action archive background cite classid codebase data dynsrc formaction href icon imagesrcset itemid itemtype longdesc lowsrc manifest ping poster profile src srcset to uri url usemap xlinkhref xmlbase'.split(
    ' ',
  ),
);
/** Other names that end like a URL prop (`imageUrl`, `logoSrc`, `homeHref`, `moreLink`). */
const URL_SUFFIX = /(?:href|src|url|uri|link)$/;
/** Attributes that hold several URLs. */
const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);
const SPACED_LIST_ATTRIBUTES = new Set(['ping', 'archive', 'itemtype']);
const BLOCKED_ATTRIBUTES = new Set(['style', 'dangerouslysetinnerhtml', 'srcdoc', 'formaction']);

/**
 * Content is untrusted text, so MDX is held to what renders statically: no import/export, no
 * JavaScript expressions (comments are fine), only the site's own components, safe HTML elements,
 * no event handlers and no script URLs. Literal attribute values (`count={3}`, `items={["a"]}`) stay
 * allowed because they are data, not code.
 */
export function remarkSafety(options: { components: ReadonlySet<string> }) {
  const { components } = options;
  return (tree: Root, file: VFile): void => {
    const { report } = pageState(file);
    walk(tree, (node) => {
      switch (node.type) {
        case 'mdxjsEsm':
          report.add(
            node,
            'error',
            'mdx-esm',
            "import and export are not allowed in content; the site's components are available by name without an import",
          );
          break;
        case 'mdxFlowExpression':
        case 'mdxTextExpression':
          if (!isCommentOnly(node.data?.estree))
            report.add(
              node,
              'error',
              'mdx-expression',
              `JavaScript expressions are not allowed in content ("{${node.value.trim().slice(0, 40)}}"); write the text in \`code\` or escape the brace as \\{`,
            );
          break;
        case 'mdxJsxFlowElement':
        case 'mdxJsxTextElement':
          checkElement(node, report, components);
          break;
        // `[a][r]` takes its URL from `[r]: …`; links and images are checked where they are rewritten.
        case 'definition':
          if (!isSafeUrl(node.url)) report.add(node, 'error', 'unsafe-url', unsafeUrlMessage(node.url));
          break;
        case 'html':
          reportRawHtml(node, report);
          break;
      }
    });
  };
}

function checkElement(
  node: MdxJsxFlowElement | MdxJsxTextElement,
  report: PageReport,
  components: ReadonlySet<string>,
): void {
  const name = node.name;
  if (name === null) return; // a fragment
  if (/^[A-Z]/.test(name)) {
    if (!components.has(name))
      report.add(
        node,
        'error',
        'unknown-component',
        `unknown component <${name}>; the components are: ${[...components].sort().join(', ')}`,
      );
  } else if (!SAFE_TAGS.has(name)) {
    report.add(
      node,
      'error',
      'unsafe-html',
      `<${name}> is not allowed in content; use Markdown or one of the site's components`,
    );
  }
  for (const attribute of node.attributes) checkAttribute(node, name, attribute, report);
}

function checkAttribute(
  node: MdxJsxFlowElement | MdxJsxTextElement,
  element: string,
  attribute: MdxJsxAttribute | MdxJsxExpressionAttribute,
  report: PageReport,
): void {
  if (attribute.type === 'mdxJsxExpressionAttribute') {
    report.add(
      node,
      'error',
      'mdx-expression',
      `spread attributes are not allowed in content (<${element} ${attribute.value}>)`,
    );
    return;
  }
  const name = attribute.name.toLowerCase();
  if (name.startsWith('on') || BLOCKED_ATTRIBUTES.has(name)) {
    report.add(
      attribute.position ? attribute : node,
      'error',
      'unsafe-html',
      `attribute "${attribute.name}" is not allowed in content`,
    );
    return;
  }
  const value = attribute.value;
  if (value !== null && typeof value === 'object' && !isLiteral(value.data?.estree)) {
    report.add(
      attribute.position ? attribute : node,
      'error',
      'mdx-expression',
      `attribute "${attribute.name}" must be a string or a literal value, not an expression`,
    );
    return;
  }
  // A literal expression (`href={"javascript:…"}`, `srcSet={["…"]}`) is checked like a string: every string in it.
  const texts =
    typeof value === 'string'
      ? [value]
      : value === null || value === undefined
        ? []
        : literalStrings(value.data?.estree);
  const owned = clientOwnedAttribute(element, name, texts);
  if (owned) {
    report.add(attribute.position ? attribute : node, 'error', owned.rule, owned.message);
    return;
  }
  const key = name.replace(/[-_:]/g, '');
  if (!URL_ATTRIBUTES.has(key) && !URL_SUFFIX.test(key)) return;
  const unsafe = texts.flatMap((text) => urlsOf(key, text)).find((url) => !isSafeUrl(url));
  if (unsafe !== undefined)
    report.add(attribute.position ? attribute : node, 'error', 'unsafe-url', unsafeUrlMessage(unsafe));
}

function urlsOf(key: string, text: string): string[] {
  if (SRCSET_ATTRIBUTES.has(key)) return [text, ...srcsetUrls(text)];
  if (SPACED_LIST_ATTRIBUTES.has(key)) return [text, ...text.split(/\s+/)];
  return [text];
}

/** The strings of a literal attribute value, wherever they sit in arrays and objects. */
function literalStrings(program: { body: unknown[] } | null | undefined): string[] {
  const out: string[] = [];
  const pending: unknown[] = [...(program?.body ?? [])];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== 'object') continue;
    const node = item as {
      type?: string;
      value?: unknown;
      quasis?: Array<{ value: { cooked?: string | null; raw: string } }>;
    };
    if (node.type === 'Literal' && typeof node.value === 'string') out.push(node.value);
    else if (node.type === 'TemplateLiteral')
      out.push((node.quasis ?? []).map((q) => q.value.cooked ?? q.value.raw).join(''));
    else
      for (const [k, child] of Object.entries(node))
        if (k !== 'position' && k !== 'loc' && k !== 'range') pending.push(...(Array.isArray(child) ? child : [child]));
  }
  return out;
}

function isCommentOnly(program: { body: unknown[] } | null | undefined): boolean {
  return program !== null && program !== undefined && program.body.length === 0;
}

/** A JSON-like value: literals, arrays and objects of them, and template strings without holes. */
function isLiteral(program: { body: unknown[] } | null | undefined): boolean {
  const statement = program?.body[0] as { type: string; expression?: EstreeNode } | undefined;
  if (!program || program.body.length !== 1 || statement?.type !== 'ExpressionStatement' || !statement.expression)
    return false;
  return isLiteralNode(statement.expression);
}

function isLiteralNode(node: EstreeNode | null): boolean {
  if (node === null) return false;
  switch (node.type) {
    case 'Literal':
      return !('regex' in node && node.regex);
    case 'TemplateLiteral':
      return node.expressions.length === 0;
    case 'UnaryExpression':
      return (
        (node.operator === '-' || node.operator === '+') &&
        node.argument.type === 'Literal' &&
        typeof node.argument.value === 'number'
      );
    case 'ArrayExpression':
      return node.elements.every((e) => e !== null && e.type !== 'SpreadElement' && isLiteralNode(e));
    case 'ObjectExpression':
      return node.properties.every(
        (p) =>
          p.type === 'Property' &&
          !p.computed &&
          p.kind === 'init' &&
          !p.method &&
          isLiteralNode(p.value as EstreeNode),
      );
    default:
      return false;
  }
}

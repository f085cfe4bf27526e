import { createRequire } from 'node:module';
import type { Expression } from 'estree';
import type { Root } from 'hast';
import { toJsxRuntime, type Components, type Fragment, type Jsx } from 'hast-util-to-jsx-runtime';
import type { MDXContent } from 'mdx/types';
import type { ReactNode } from 'react';

const require = createRequire(import.meta.url);

/**
 * Thrown by `rehypeCaptureTree` to end MDX's pipeline with the page's finished syntax tree. Not an
 * `Error`: it is no failure, and an error's stack trace (taken at its creation, through unified's
 * every step) cost a hundredth of each page's compilation.
 */
export class TreeCaptured {
  constructor(readonly tree: Root) {}
}

/**
 * The last rehype plugin of a page: it takes the finished HTML syntax tree (with the MDX JSX nodes
 * the page uses) and stops @mdx-js/mdx there. The rest of MDX's pipeline would turn the tree into
 * JavaScript (estree, JSX rewriting, code generation, about a third of the work) only for the build
 * to run that code with `new Function` to get React elements back; the render stage makes those
 * elements from the tree itself (`renderPageTree`), so nothing from a page is ever executed.
 */
export function rehypeCaptureTree() {
  return (tree: Root): never => {
    throw new TreeCaptured(tree);
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keys of estree nodes that only locate them in the source. */
const ESTREE_LOCATION = new Set(['position', 'loc', 'range', 'start', 'end', 'comments']);

/**
 * The tree as compact JSON, what the cache keeps and the render stage reads: without source
 * positions, and without MDX expressions, which the content checks allow only as comments (they
 * render nothing). The estree of a literal attribute value (`count={3}`) is kept for the renderer.
 */
export function serializePageTree(tree: Root): string {
  return JSON.stringify(compactNode(tree as unknown as Record<string, unknown>));
}

function compactNode(node: Record<string, unknown>): Json {
  const out: Record<string, Json> = {};
  // A loop over the keys rather than `Object.entries`, whose pair for every key of every node was most of the time spent here.
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const value = node[key];
    if (key === 'position' || value === undefined) continue;
    if (key === 'children' && Array.isArray(value)) {
      const children: Json[] = [];
      for (const child of value as Array<Record<string, unknown>>)
        if (child.type !== 'mdxFlowExpression' && child.type !== 'mdxTextExpression') children.push(compactNode(child));
      out.children = children;
    } else if (key === 'attributes' && Array.isArray(value)) {
      out.attributes = (value as Array<Record<string, unknown>>).map(compactNode);
    } else if (key === 'value' && value !== null && typeof value === 'object') {
      // An attribute's expression value: its estree, without locations.
      out.value = compactNode(value as Record<string, unknown>);
    } else if (key === 'data' && value !== null && typeof value === 'object') {
      const estree = (value as { estree?: unknown }).estree;
      const rest = Object.fromEntries(
        Object.entries(value).filter(([k]) => k !== 'estree' && k !== 'position'),
      ) as Record<string, Json>;
      out.data = estree === undefined ? rest : { ...rest, estree: withoutLocations(estree) };
    } else {
      out[key] = value as Json;
    }
  }
  return out;
}

function withoutLocations(value: unknown): Json {
  if (Array.isArray(value)) return value.map(withoutLocations);
  if (value === null || typeof value !== 'object') return value as Json;
  const out: Record<string, Json> = {};
  for (const [key, child] of Object.entries(value))
    if (!ESTREE_LOCATION.has(key) && child !== undefined) out[key] = withoutLocations(child);
  return out;
}

/** The component that draws a compiled page from its serialized tree. */
export function pageContent(tree: string): MDXContent {
  return (props) => renderPageTree(tree, props.components ?? {});
}

type JsxRuntime = { Fragment: Fragment; jsx: Jsx; jsxs: Jsx };
let jsxRuntime: JsxRuntime | undefined;

/**
 * React elements of a serialized page tree. The only values a page carries besides text are
 * literals (`remarkSafety`), so the evaluator MDX nodes need knows literals and the names of the
 * site's components, and nothing else.
 */
export function renderPageTree(json: string, components: Readonly<Record<string, unknown>>): ReactNode {
  // React's JSX runtime is CommonJS, so it loads here, synchronously, the first time a page renders
  // (once: `require` resolves its path again on every call).
  const runtime = (jsxRuntime ??= require('react/jsx-runtime') as JsxRuntime);
  return toJsxRuntime(JSON.parse(json) as Root, {
    Fragment: runtime.Fragment,
    jsx: runtime.jsx,
    jsxs: runtime.jsxs,
    components: components as Partial<Components>,
    // What @mdx-js/mdx compiles to: React's attribute names (`className`) and DOM-cased style properties.
    elementAttributeNameCase: 'react',
    stylePropertyNameCase: 'dom',
    createEvaluater: () => ({
      evaluateExpression: (expression) => literalValue(expression, components),
      evaluateProgram: () => {
        throw new Error('a page tree holds no import or export');
      },
    }),
  });
}

function literalValue(node: Expression, components: Readonly<Record<string, unknown>>): unknown {
  switch (node.type) {
    case 'Identifier':
      // A JSX name such as <Schema>; the content checks only let the site's components through.
      if (Object.hasOwn(components, node.name)) return components[node.name];
      throw new Error(`unknown component <${node.name}>`);
    case 'Literal':
      return node.value;
    case 'TemplateLiteral':
      return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('');
    case 'UnaryExpression': {
      const value = Number(literalValue(node.argument, components));
      if (node.operator === '-') return -value;
      if (node.operator === '+') return value;
      break;
    }
    case 'ArrayExpression':
      return node.elements.map((element) =>
        element === null || element.type === 'SpreadElement'
          ? notLiteral(element?.type ?? 'hole')
          : literalValue(element, components),
      );
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.computed) return notLiteral(property.type);
        const key =
          property.key.type === 'Identifier'
            ? property.key.name
            : property.key.type === 'Literal'
              ? String(property.key.value)
              : notLiteral(property.key.type);
        object[key] = literalValue(property.value as Expression, components);
      }
      return object;
    }
  }
  return notLiteral(node.type);
}

function notLiteral(type: string): never {
  throw new Error(`a page tree holds only literal values, not ${type}`);
}

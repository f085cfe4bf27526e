import type { Element, Nodes, Root } from 'xast';
import { fromXml } from 'xast-util-from-xml';

/** Rule of an SVG file that could run script or load something when opened from the site. */
export const UNSAFE_SVG = 'unsafe-svg';

/**
 * Elements that run script, embed other documents or fetch on their own. Checked by local name,
 * whatever their prefix, so `<x:script>` is caught as well as `<script>`.
 */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'audio',
  'video',
  'link',
  'meta',
  'base',
]);
/** Animation elements can set an `href` to a script URL after the file was checked. */
const ANIMATIONS = new Set(['set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor']);
/** Attributes that load a document or submit somewhere, wherever they appear. */
const FORBIDDEN_ATTRIBUTES = new Set(['src', 'srcdoc', 'action', 'formaction', 'data']);
/** Namespaces whose elements a browser renders inside SVG with their own behaviour (XHTML runs script, MathML links). */
const FOREIGN_NAMESPACES = new Set(['http://www.w3.org/1999/xhtml', 'http://www.w3.org/1998/Math/MathML']);
/** Embedded raster images are data, not a request; anything else in a `data:` URL is refused. */
const RASTER_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;
const CSS_URL = /url\(\s*['"]?([^'")]*)/gi;

/** Why an SVG is refused, or undefined when it is safe to publish as it is. */
export function svgProblem(text: string): string | undefined {
  let tree: Root;
  try {
    tree = fromXml(text);
  } catch (error) {
    // The reader's own error is the cause; its message is the useful part.
    const cause = (error as { cause?: unknown }).cause ?? error;
    if (cause instanceof RangeError) return 'its elements are nested too deeply to be read';
    return `it is not well-formed XML (${(cause instanceof Error ? cause.message : String(cause)).split('\n')[0]})`;
  }
  const root = tree.children.find((child): child is Element => child.type === 'element');
  if (!root || localName(root.name) !== 'svg') return 'its root element is not <svg>';
  // A list rather than recursion: the depth of the file is the author's to choose.
  const pending: Nodes[] = [tree];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const problem = nodeProblem(node);
    if (problem) return problem;
    if (node.type === 'root' || node.type === 'element')
      for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i] as Nodes);
  }
  return undefined;
}

function nodeProblem(node: Nodes): string | undefined {
  switch (node.type) {
    case 'doctype':
      return 'it has a <!DOCTYPE> (which can declare entities and load external files)';
    case 'instruction':
      return node.name.toLowerCase() === 'xml' ? undefined : `it has a processing instruction <?${node.name} …?>`;
    case 'element':
      return elementProblem(node);
    default:
      return undefined;
  }
}

function elementProblem(element: Element): string | undefined {
  const name = localName(element.name);
  if (FORBIDDEN_ELEMENTS.has(name)) return `it has a <${element.name}> element`;
  if (name === 'style') {
    const css = element.children
      .map((child) => (child.type === 'text' || child.type === 'cdata' ? child.value : ''))
      .join('');
    const problem = cssProblem(css);
    if (problem) return `its <style> ${problem}`;
  }
  for (const [attribute, value] of Object.entries(element.attributes)) {
    if (value === null || value === undefined) continue;
    const problem = attributeProblem(element, attribute, String(value));
    if (problem) return problem;
  }
  return undefined;
}

function attributeProblem(element: Element, attribute: string, value: string): string | undefined {
  const name = localName(attribute);
  const where = `<${element.name} ${attribute}="${value.slice(0, 40)}">`;
  if (name.startsWith('on')) return `it has an event handler ${where}`;
  if (FORBIDDEN_ATTRIBUTES.has(name)) return `it loads another document ${where}`;
  if ((attribute === 'xmlns' || attribute.startsWith('xmlns:')) && FOREIGN_NAMESPACES.has(value.trim()))
    return `it declares the namespace ${value.trim()}, whose elements are not plain drawing`;
  if (name === 'href' && !isLocalReference(value)) return `it refers to something outside the file ${where}`;
  if (
    name === 'attributename' &&
    ANIMATIONS.has(localName(element.name)) &&
    localName(value.trim().toLowerCase()).endsWith('href')
  )
    return `it animates a link ${where}`;
  if (value.toLowerCase().includes('url(') || name === 'style') {
    const problem = cssProblem(value);
    if (problem) return `${where} ${problem}`;
  }
  return undefined;
}

/** `#id` (a part of this file) or an embedded raster image. */
function isLocalReference(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.startsWith('#') || RASTER_DATA_URL.test(trimmed);
}

function cssProblem(css: string): string | undefined {
  // An escape can spell `url` or `@import` so that no check sees it; drawings need none.
  if (css.includes('\\')) return 'uses a CSS escape (\\)';
  if (/@import/i.test(css)) return 'imports a style sheet';
  if (/(?:image-set|src)\s*\(/i.test(css)) return 'loads an image by a CSS function other than url(#…)';
  // Up to a quote, a parenthesis or the end: CSS reads an unclosed `url(` to the end as well.
  for (const match of css.matchAll(CSS_URL)) {
    if (!isLocalReference(match[1] ?? ''))
      return `refers to something outside the file (url(${(match[1] ?? '').slice(0, 40)}))`;
  }
  return undefined;
}

function localName(qualified: string): string {
  return qualified.slice(qualified.indexOf(':') + 1).toLowerCase();
}

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourcePoint, TwinLink } from './context.js';
import type { TwinUrls } from './urls.js';

export const MARKDOWN_LINK_RULE = 'markdown-link';

/** What a twin's link may lead to inside the site. */
export interface SiteTargets {
  /** Each page's route and the ids it holds. */
  anchors: ReadonlyMap<string, ReadonlySet<string>>;
  /** Routes with a twin. */
  twins: ReadonlySet<string>;
  /** Site paths of the other files (`/assets/…`, `/api/x/openapi.yaml`), with a leading slash. */
  files: ReadonlySet<string>;
}

/** One twin's links to check, and where to report what is wrong with them. */
export interface CheckedTwin {
  route: string;
  /** The page's source file, for links its author wrote (a component's `href`); else the twin's own path is reported. */
  display: string | undefined;
  /** The twin's path in the output folder (`site/docs/x/index.md`) and its text, to locate a link made by the build. */
  output: string;
  text: string;
  links: readonly TwinLink[];
}

/**
 * The twins' links, as the content checks hold a page's: a link into the site must reach a page,
 * twin or file of the site, and its anchor an id of that page. A page's own Markdown links are
 * checked by the content checks already; these are the rest (its components' and the
 * reference's). A component's link to a route the site does not have is left alone, as the
 * content's are (the host may serve other content there); one the build made is reported.
 */
export function checkTwinLinks(twins: readonly CheckedTwin[], targets: SiteTargets, urls: TwinUrls): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const twin of twins) {
    for (const link of twin.links) {
      const problem = problemOf(link, targets, urls);
      if (problem === undefined) continue;
      const at = link.at && twin.display !== undefined ? { file: twin.display, ...link.at } : located(twin, link.url);
      out.push({
        ...at,
        severity: 'warning',
        rule: MARKDOWN_LINK_RULE,
        message: `the page's Markdown links to ${link.url}: ${problem}`,
      });
    }
  }
  return out;
}

function problemOf(link: TwinLink, targets: SiteTargets, urls: TwinUrls): string | undefined {
  const target = urls.target(link.url);
  if (!target) return undefined;
  const { path, hash } = target;
  if (path.endsWith('/index.md') || path === '/index.md') {
    const route = path.slice(0, -'index.md'.length);
    return targets.twins.has(route) ? undefined : `${route} has no Markdown twin`;
  }
  const anchors = targets.anchors.get(path);
  if (anchors) {
    if (hash === undefined || hash === '' || anchors.has(hash)) return undefined;
    return `${path} has no heading or element with id "${hash}"`;
  }
  if (targets.files.has(path)) return undefined;
  // A component's link (located in its page) to a route the site does not have: left alone, as the content's are.
  if (link.at) return undefined;
  return `the site has no page or file at ${path}`;
}

/** Where the link stands in the twin's text, for a link the build made. */
function located(twin: CheckedTwin, url: string): { file: string } & SourcePoint {
  const index = Math.max(0, twin.text.indexOf(url));
  const before = twin.text.slice(0, index);
  const line = before.split('\n').length;
  return { file: twin.output, line, column: index - before.lastIndexOf('\n') };
}

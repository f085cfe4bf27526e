import type { ClientAssets } from '../client/build.js';
import type { MarkdownSite, PendingTwins } from '../markdown/index.js';
import type { LazyReference } from '../render/index.js';
import type { Background } from '../workers/background.js';
import type { PreparedSite } from './prepare.js';
import type { SiteRenderer } from './render-stage.js';

/** The Markdown twins, started from the reference as first built (the markdown modules load here: other commands never need them). */
export interface MarkdownStage {
  reference: LazyReference;
  pending: PendingTwins;
}

/**
 * Starts the pages' Markdown twins, `llms.txt` and `llms-full.txt` before the site is rendered:
 * `background`'s thread prints them meanwhile.
 */
export async function startMarkdown(
  prepared: PreparedSite,
  reference: LazyReference,
  background: Background,
): Promise<MarkdownStage> {
  const { startMarkdownTwins } = await import('../markdown/index.js');
  const input = { config: prepared.config, content: prepared.content, reference, cache: prepared.cache };
  return { reference, pending: await startMarkdownTwins(input, background) };
}

/**
 * The twins, once the site is rendered. When the contracts' checks changed the reference (an API
 * got no types), they are made again from the one the site was rendered with.
 */
export async function finishMarkdown(
  started: MarkdownStage,
  prepared: PreparedSite,
  reference: LazyReference,
  client: ClientAssets,
  icon: SiteRenderer['favicon'],
  outDir: string,
): Promise<MarkdownSite> {
  const checks = {
    otherFiles: [
      ...client.files.keys(),
      ...(icon ? [icon.path] : []),
      ...(prepared.config.logoFile ? [prepared.config.logoFile.target] : []),
      'sitemap.xml',
      'robots.txt',
      '404.html',
    ],
    outDir,
  };
  if (reference === started.reference) return started.pending.finish(checks);
  const { markdownTwins } = await import('../markdown/index.js');
  const input = { config: prepared.config, content: prepared.content, reference, cache: prepared.cache };
  return markdownTwins(input, checks);
}

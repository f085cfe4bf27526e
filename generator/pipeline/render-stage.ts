import type { ClientAssets } from '../client/build.js';
import { renderSite, type LazyReference, type RenderInput, type RenderResult } from '../render/index.js';
import { favicon } from '../write/site-files.js';
import type { PreparedSite } from './prepare.js';
import type { EmitPage, SiteParts } from './site-output.js';

export interface RenderedSite {
  render: SiteParts['render'];
  reference: LazyReference;
  rendered: RenderResult;
}

export interface SiteRenderer {
  favicon: Awaited<ReturnType<typeof favicon>>;
  /**
   * Every page, with the reference given: the whole site is rendered again when the reference changes.
   * `unavailable`: the APIs left out of it because their contract has errors (id → where the first is).
   */
  renderWith(reference: LazyReference, unavailable?: ReadonlyMap<string, string>): Promise<RenderedSite>;
}

/** The favicon, and what every page is rendered with besides the reference. */
export async function siteRenderer(
  site: PreparedSite,
  client: ClientAssets,
  emitPage?: EmitPage,
  reuse?: RenderInput['reuse'],
): Promise<SiteRenderer> {
  const { config, configSource, cache, content } = site;
  const icon = await favicon(config, cache);
  const assets = {
    css: client.css,
    js: client.js,
    favicon: icon.path,
    faviconType: icon.type,
    headScript: client.headScript,
  };
  return {
    favicon: icon,
    renderWith: async (reference, unavailable) => {
      const render: SiteParts['render'] = { config, configSource, apiPages: reference.pages, reference, cache, assets };
      const emit =
        emitPage &&
        ((file: string, html: string | Uint8Array, fresh: boolean) => emitPage(`site/${file}`, html, fresh));
      return { render, reference, rendered: await renderSite({ ...render, content, emit, reuse, unavailable }) };
    },
  };
}

import type { Project } from '../sources/project-path.js';
import { resolve } from 'node:path';
import type { Asset } from '../content/types.js';
import { loadImage } from '../content/images.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { outsideProjectMessage, PATH_OUTSIDE_PROJECT } from '../sources/project-path.js';
import type { SourceFile } from '../sources/source-file.js';
import { locatedAt } from '../sources/zod-issues.js';
import { UNSAFE_URL } from '../sources/zod-policies.js';
import { isExternalUrl, isSafeUrl } from '../../templates/url-policy.js';

/** The logo file as the site publishes it: checked and named like a page's image (`content/images.ts`). */
export type LogoFile = Asset;

/** An image of another site, as a page may embed one (`![](https://…)`): drawn as written. */
const WEB_IMAGE = /^https?:\/\/[^/]/i;

/**
 * `navbar.logo.src`, read and checked with the config like the favicon: an image file inside the
 * project, by its bytes (an SVG runs nothing), published under `assets/images/` with its content
 * hash like a page's images; or an http(s) URL, which pages may embed too. Anything else (`//host`,
 * which would load from wherever the site is served over, `data:`, script URLs) is refused.
 */
export async function readLogo(
  config: { navbar: { logo?: { src: string } | undefined }; rootDir: string; project: Project },
  source: SourceFile,
): Promise<{ logo: LogoFile | undefined; diagnostics: Diagnostic[] }> {
  const asWritten = config.navbar.logo?.src;
  if (asWritten === undefined) return { logo: undefined, diagnostics: [] };
  const fail = (rule: string, message: string) => ({
    logo: undefined,
    diagnostics: [locatedAt(source, ['navbar', 'logo', 'src'], rule, message)],
  });
  if (!isSafeUrl(asWritten) || isExternalUrl(asWritten)) {
    if (WEB_IMAGE.test(asWritten) && URL.canParse(asWritten)) return { logo: undefined, diagnostics: [] };
    return fail(
      UNSAFE_URL,
      `the logo ${JSON.stringify(asWritten.slice(0, 60))} must be an image file in the project (a path relative to the config file) or an http or https URL`,
    );
  }
  const image = await loadImage(resolve(config.rootDir, asWritten), { project: config.project, assets: new Map() });
  if (image.ok) return { logo: image.asset, diagnostics: [] };
  if (image.rule === PATH_OUTSIDE_PROJECT) return fail(image.rule, outsideProjectMessage('logo', asWritten));
  if (image.rule === 'missing-image') return fail('config-invalid', `logo file "${asWritten}" not found`);
  return fail(image.rule, `logo "${asWritten}" ${image.problem ?? ''}`);
}

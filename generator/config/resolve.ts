import { dirname, resolve } from 'node:path';
import type { RuleSeverities } from '../diagnostics/severity.js';
import { projectAt, type Project } from '../sources/project-path.js';
import type { Favicon } from './favicon.js';
import type { LogoFile } from './logo.js';
import type { ParsedSiteConfig } from './schema.js';

/** One API of the site, with every default filled in and paths made absolute. */
export interface ResolvedApi {
  id: string;
  title: string | undefined;
  route: string;
  /** The guide's route as configured; undefined: the default one if it exists; false: none. */
  guide?: string | false;
  /** Absolute path of a folder of versions or of a single file. */
  spec: string;
  /** `spec` as written in (or defaulted for) the config, for messages. */
  specAsWritten: string;
  /** Index in `apis`, to locate problems in the config file. */
  index: number;
}

/** The complete internal config: every stage receives this and never looks at defaults again. */
export interface ResolvedConfig extends Omit<
  ParsedSiteConfig,
  'apis' | 'brand' | 'types' | 'description' | 'navbar' | 'footer' | 'rules' | 'blog' | 'editUrl'
> {
  /** Absolute path of the config file. */
  configPath: string;
  /** Folder of the config file: every relative path in it is relative to this. */
  rootDir: string;
  /** What the config may name: `rootDir`, or the folder the command line's `--root` widened it to. */
  project: Project;
  description: string;
  brand: { name: string; slug: string };
  navbar: Omit<ParsedSiteConfig['navbar'], 'title'> & { title: string };
  footer: { columns: ParsedSiteConfig['footer']['columns']; copyright: { year: number; holder: string } | undefined };
  blog: Omit<ParsedSiteConfig['blog'], 'description'> & { description: string };
  apis: ResolvedApi[];
  types: { packageName: string; version: string | undefined };
  /** The config's `rules` with the command line's `--rule` choices over them. */
  rules: RuleSeverities;
  /** Base of the docs pages' edit links, ending in `/`: the page's path from `rootDir` follows it. */
  editUrl: string | undefined;
  /** The `favicon` file as read and checked with the config (`loadConfig`); undefined without one. */
  faviconFile: Favicon | undefined;
  /** `navbar.logo.src`'s file as read and checked with the config (`loadConfig`); undefined without one or for an http(s) logo. */
  logoFile: LogoFile | undefined;
}

export function resolveConfig(
  parsed: ParsedSiteConfig,
  configPath: string,
  ruleOverrides: RuleSeverities = {},
  project: Project = projectAt(dirname(configPath)),
): Omit<ResolvedConfig, 'faviconFile' | 'logoFile'> {
  const rootDir = dirname(configPath);
  const brandName = parsed.brand.name ?? parsed.title;
  const brandSlug = parsed.brand.slug ?? slugify(brandName);
  const { copyright } = parsed.footer;
  const description = parsed.description ?? parsed.tagline;
  return {
    ...parsed,
    configPath,
    rootDir,
    project,
    description,
    editUrl: parsed.editUrl?.replace(/\/?$/, '/'),
    brand: { name: brandName, slug: brandSlug },
    navbar: { ...parsed.navbar, title: parsed.navbar.title ?? brandName },
    footer: {
      columns: parsed.footer.columns,
      copyright: copyright && { year: copyright.year, holder: copyright.holder ?? brandName },
    },
    blog: { ...parsed.blog, description: parsed.blog.description ?? (description || parsed.blog.title) },
    apis: parsed.apis.map((api, index) => {
      const specAsWritten = api.spec ?? `openapi/${api.id}/`;
      return {
        id: api.id,
        title: api.title,
        route: api.route ?? `/api/${api.id}/`,
        guide: api.guide,
        spec: resolve(rootDir, specAsWritten),
        specAsWritten,
        index,
      };
    }),
    types: { packageName: parsed.types.packageName ?? `${brandSlug}-api-types`, version: parsed.types.version },
    rules: { ...parsed.rules, ...ruleOverrides },
  };
}

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'site';
}

import { z } from 'zod';
import { RULE_SEVERITIES, type RuleDescriptor } from '../diagnostics/severity.js';
import { RULES } from '../rules.js';
import { blog } from './blog-schema.js';
import { contentBudget } from './content-budget-schema.js';
import { linkTarget, navbar } from './navbar-schema.js';
import { sidebarItem } from './sidebar-schema.js';
import { validRoute } from '../sources/zod-policies.js';

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens (like "my-product")');
/** semver.org's own expression for a version. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like "#1890ff"');

const brand = z
  .strictObject({
    name: z.string().min(1).optional().describe("The product's brand name as readers see it; defaults to `title`."),
    slug: slug
      .optional()
      .describe(
        'The brand in routes and package names (docs pages named `{slug}-packages` and so on); defaults to the name, slugified.',
      ),
  })
  .describe("The product's brand. It is never written anywhere else: templates and routes read it from here.");

const footer = z
  .strictObject({
    columns: z
      .array(z.strictObject({ title: z.string().min(1), items: z.array(linkTarget) }))
      .default([])
      .describe('Footer columns, left to right.'),
    copyright: z
      .strictObject({
        year: z.int().min(1970).max(9999),
        holder: z.string().optional().describe('Defaults to `brand.name`.'),
      })
      .optional()
      .describe('Renders as "Copyright © {year} {holder}".'),
  })
  .describe('The page footer.');

const announcementBar = z
  .strictObject({
    id: z.string().min(1).describe('Changing the id shows the bar again to readers who dismissed an earlier one.'),
    content: z.string().min(1).describe('Inline Markdown (links, emphasis); sanitized.'),
    backgroundColor: color.default('#ffffff'),
    textColor: color.default('#091e42'),
    isCloseable: z.boolean().default(true),
  })
  .describe('A dismissable bar above the navbar.');

const colorMode = z
  .strictObject({
    defaultMode: z.enum(['light', 'dark']).default('light'),
    disableSwitch: z.boolean().default(false).describe('Hide the light/dark toggle.'),
    respectPrefersColorScheme: z
      .boolean()
      .default(false)
      .describe("Follow the operating system's preference until the reader chooses."),
  })
  .describe("Light and dark mode; the reader's choice is stored under the `theme` key.");

const i18n = z
  .strictObject({
    defaultLocale: z.string().min(2).default('en'),
    locales: z.array(z.string().min(2)).min(1).default(['en']),
  })
  .refine((v) => v.locales.includes(v.defaultLocale), { message: '`defaultLocale` must be one of `locales`' })
  .describe('Languages of the site.');

const toc = z
  .strictObject({
    minHeadingLevel: z.int().min(2).max(6).default(2),
    maxHeadingLevel: z.int().min(2).max(6).default(3),
  })
  .refine((v) => v.minHeadingLevel <= v.maxHeadingLevel, {
    message: '`minHeadingLevel` must not exceed `maxHeadingLevel`',
  })
  .describe("Heading levels listed in a page's table of contents.");

const progressBar = z
  .strictObject({
    delay: z.int().min(0).default(200).describe('Milliseconds a navigation may take before the bar appears.'),
    minimum: z.number().min(0).max(1).default(0.08),
    speed: z.int().min(0).default(200).describe('Animation speed in milliseconds.'),
    trickleRate: z.number().min(0).max(1).default(0.02),
    trickleSpeed: z.int().min(1).default(800).describe('Milliseconds between trickle steps.'),
    showSpinner: z.boolean().default(false),
  })
  .describe('The thin bar shown during slow client-side navigations.');

const client = z
  .strictObject({
    desktopBreakpoint: z
      .int()
      .min(320)
      .default(996)
      .describe('Window width in pixels above which the desktop layout applies.'),
    progressBar: progressBar.default(() => progressBar.parse({})),
  })
  .describe("Constants of the reader's browser behaviour.");

/** The languages the reference writes a request sample in. */
export const SAMPLE_LANGUAGES = ['curl', 'typescript', 'python', 'go', 'java'] as const;

const apiPages = z
  .strictObject({
    primaryColor: color.default('#1890ff'),
    codeSamples: z
      .array(z.enum(SAMPLE_LANGUAGES))
      .default([...SAMPLE_LANGUAGES])
      .describe(
        "The code samples shown for each operation, as tabs in this order after the contract's own `x-codeSamples`; `typescript` imports the generated types.",
      ),
    splitAbove: z
      .int()
      .min(1)
      .optional()
      .describe(
        'An API version with more operations than this gets one page per tag whatever its size (by default only its size decides, see `pageBudget`).',
      ),
    pageBudget: z
      .strictObject({
        htmlBytes: z
          .int()
          .min(20 * 1024)
          .default(300 * 1024)
          .describe('The most HTML one reference page may weigh, in bytes.'),
        elements: z.int().min(500).default(5000).describe('The most elements one reference page may hold at load.'),
      })
      .default({ htmlBytes: 300 * 1024, elements: 5000 })
      .describe(
        "An API version whose one page would weigh more is split: an overview that keeps every operation's anchor, a page per tag (a large tag continues on `tag-2/`, `tag-3/`…) and models pages by initial. The build report gives each API's largest page and warns about any over the budget.",
      ),
  })
  .describe('Settings shared by every API reference page.');

const api = z
  .strictObject({
    id: slug.describe('The service id: used in routes, type file names and schema folders.'),
    title: z.string().min(1).optional().describe("Defaults to the contract's `info.title`."),
    route: validRoute(z.string().regex(/^\/.*\/$/, 'must start and end with "/"'), 'the route')
      .optional()
      .describe('Defaults to `/api/{id}/`.'),
    guide: z
      .union([
        validRoute(z.string().regex(/^\/.*\/$/, 'must start and end with "/"'), 'the guide route'),
        z.literal(false),
      ])
      .optional()
      .describe(
        "The route of the API's guide, a docs page the reference links to (and the build checks exists); `false` for none. Defaults to `/docs/api/api-{id}/` when a docs page has that route.",
      ),
    spec: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A folder of versions (one OpenAPI file per version, like `openapi/{id}/3.1.0.yaml`) or a single OpenAPI file; relative to the config file. Defaults to `openapi/{id}/`.',
      ),
  })
  .describe('One API whose contract is validated, typed and documented.');

const types = z
  .strictObject({
    packageName: z
      .string()
      .regex(/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/, 'must be a valid npm package name')
      .optional()
      .describe('Defaults to `{brand.slug}-api-types`.'),
    // Written into the package's files: a version npm accepts, and so nothing else.
    version: z
      .string()
      .regex(SEMVER, 'must be a version like "1.2.0" (semantic versioning)')
      .optional()
      .describe("Defaults to the APIs' common version, else 0.0.0."),
  })
  .describe('The generated TypeScript types package.');

const ruleSeverity = z.enum(RULE_SEVERITIES);

/** A rule as the config's schema documents it: what it checks, then its default. */
function ruleDoc(rule: RuleDescriptor): string {
  return `${rule.doc.charAt(0).toUpperCase()}${rule.doc.slice(1)}. Default: ${rule.severityText ?? rule.severity}.`;
}

const ruleShape = Object.fromEntries(
  RULES.filter((rule) => rule.configurable).map((rule) => [rule.id, ruleSeverity.optional().describe(ruleDoc(rule))]),
) as Record<string, z.ZodOptional<typeof ruleSeverity>>;

/** The rules the config's `rules` may set: the configurable ones of the registry. */
export const CONFIG_RULE_IDS: readonly string[] = Object.keys(ruleShape);

const rules = z
  .strictObject(ruleShape)
  .describe(
    'Severity of each contract rule (and of `page-description` for content): `error` fails the command, `warning` is reported, `off` is not reported. `--rule ID=SEVERITY` on the command line overrides these.',
  );

export const siteConfigSchema = z
  .strictObject({
    $schema: z.string().optional().describe('Path or URL of this JSON Schema, for editors.'),
    title: z.string().min(1).describe('The site title: in every page title and the navbar.'),
    tagline: z.string().default('').describe('One line under the title on the home page.'),
    description: z.string().optional().describe('Default meta description; defaults to the tagline.'),
    url: z
      .url({ protocol: /^https?$/, error: 'must be an http or https URL, like "https://docs.example.com"' })
      .default('http://localhost')
      .describe(
        'Origin the site is served from (scheme and host), for canonical URLs, the sitemap and JSON Schema `$id`s.',
      ),
    baseUrl: validRoute(z.string().regex(/^\/(.*\/)?$/, 'must start and end with "/"'), 'the base URL')
      .default('/')
      .describe('Path under `url` the site is served from.'),
    favicon: z.string().optional().describe('Favicon file, relative to the config file.'),
    // Held to http and https like `url` (the URL policy allows both), and to it again where it is drawn.
    editUrl: z
      .url({
        protocol: /^https?$/,
        error: 'must be an http or https URL, like "https://github.com/org/repo/edit/main/"',
      })
      .refine(
        (value) => !/^https?:/i.test(value) || !/[?#]/.test(value),
        "must have no query or fragment: the page's path is appended to it",
      )
      .optional()
      .describe(
        'Where the source of the docs pages can be edited: each docs page ends with an "Edit this page" link to this URL followed by the page\'s file path relative to the config file (`https://github.com/org/repo/edit/main/` gives `https://github.com/org/repo/edit/main/content/docs/intro.mdx`). A page\'s `custom_edit_url` front matter gives its own URL instead, or with `null` no link.',
      ),
    brand: brand.default({}),
    contentDir: z
      .string()
      .default('content')
      .describe(
        'Folder of docs (`docs/`), standalone pages (`pages/`) and blog posts (`blog/`), relative to the config file.',
      ),
    navbar: navbar.default(() => navbar.parse({})),
    footer: footer.default(() => footer.parse({})),
    sidebar: z
      .array(sidebarItem)
      .default([{ type: 'autogenerated', dirName: '.' }])
      .describe('The single docs sidebar.'),
    announcementBar: announcementBar.optional(),
    colorMode: colorMode.default(() => colorMode.parse({})),
    i18n: i18n.default(() => i18n.parse({})),
    toc: toc.default(() => toc.parse({})),
    client: client.default(() => client.parse({})),
    apiPages: apiPages.default(() => apiPages.parse({})),
    blog: blog.default(() => blog.parse({})),
    contentBudget: contentBudget.default(() => contentBudget.parse({})),
    apis: z.array(api).default([]).describe('The APIs of the site.'),
    types: types.default({}),
    rules: rules.default({}),
  })
  .describe('specsite site configuration (site-config.yaml).');

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type ParsedSiteConfig = z.output<typeof siteConfigSchema>;

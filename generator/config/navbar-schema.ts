import { didYouMean } from '../diagnostics/did-you-mean.js';
import { z } from 'zod';
import { safeUrl, validRoute } from '../sources/zod-policies.js';

const position = z.enum(['left', 'right']).describe('Which side of the navbar the item sits on.');
const label = z.string().min(1).describe('The visible text (and accessible name) of the item.');
const route = validRoute(
  z.string().regex(/^\//, 'must start with "/": a route of this site; use `href` for other sites'),
  'the route',
).describe('A route of this site, without the base URL (for example `/roadmap/`).');
const href = safeUrl(z.url()).describe(
  'An absolute URL of another site (http, https, mailto or tel); opens as an external link.',
);

/** A link is either internal (`to`) or external (`href`), never both. */
export const linkTarget = z.union([z.strictObject({ label, to: route }), z.strictObject({ label, href })]);

export const ICONS = ['github', 'gitlab', 'linkedin', 'x', 'youtube', 'mastodon', 'discord', 'slack', 'rss'] as const;

const docSidebarItem = z
  .strictObject({ type: z.literal('docSidebar'), label, position: position.default('left') })
  .describe('Links to the docs root and keeps the single docs sidebar on its pages.');
const docItem = z
  .strictObject({
    type: z.literal('doc'),
    label,
    docId: z.string().min(1).describe('Id of a docs page (its path under content/docs without extension).'),
    position: position.default('left'),
  })
  .describe('Links to one docs page.');
const linkItem = z
  .strictObject({
    type: z.literal('link'),
    label,
    to: route.optional(),
    href: href.optional(),
    position: position.default('left'),
  })
  .refine((item) => (item.to === undefined) !== (item.href === undefined), {
    message: 'a link item needs exactly one of `to` (a route of this site) or `href` (another site)',
  })
  .describe('A plain link: `to` for a route of this site, `href` for another site.');
const dropdownItem = z
  .strictObject({
    type: z.literal('dropdown'),
    label,
    items: z.array(linkTarget).min(1),
    position: position.default('left'),
  })
  .describe('A menu of links that opens on click or Enter.');
const localeDropdownItem = z
  .strictObject({ type: z.literal('localeDropdown'), position: position.default('right') })
  .describe('The language menu, listing `i18n.locales`.');
const iconLinkItem = z
  .strictObject({ type: z.literal('iconLink'), icon: z.enum(ICONS), label, href, position: position.default('right') })
  .describe('An icon link to another site (a social profile, the code repository); `label` is its accessible name.');

export const NAVBAR_ITEM_TYPES = ['docSidebar', 'doc', 'link', 'dropdown', 'localeDropdown', 'iconLink'] as const;

export const navbarItem = z.discriminatedUnion(
  'type',
  [docSidebarItem, docItem, linkItem, dropdownItem, localeDropdownItem, iconLinkItem],
  {
    // The message Docusaurus gives for an unknown type; the type list tells the user what would have worked.
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `No NavbarItem component found for type ${JSON.stringify(typeField(issue.input))}; known types: ${NAVBAR_ITEM_TYPES.join(', ')}${didYouMean(String(typeField(issue.input)), NAVBAR_ITEM_TYPES)}`
        : undefined,
  },
);

function typeField(input: unknown): unknown {
  return typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : input;
}

export const navbar = z
  .strictObject({
    title: z.string().optional().describe('Text beside the logo; defaults to `brand.name`.'),
    logo: z
      .strictObject({
        src: z
          .string()
          .min(1)
          .describe(
            'An image file inside the project, relative to the config file (published under `assets/images/` with its content hash, checked like the favicon), or an http or https URL.',
          ),
        alt: z.string().describe("The logo's text alternative."),
      })
      .optional()
      .describe('The logo image at the start of the navbar, linked to the home page.'),
    hideOnScroll: z.boolean().default(false).describe('Hide the navbar while scrolling down (off by default).'),
    items: z.array(navbarItem).default([]).describe('Navbar items, left to right.'),
  })
  .describe('The top navigation bar.');

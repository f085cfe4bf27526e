import type { RuleDescriptor } from '../diagnostics/severity.js';
import { VOICE_FAMILIES } from '../sources/voice-phrases.js';

// The content rules a user may set (`index.ts`, `voice.ts` and `titles.ts` report them).

/** Third-party pages often lack a description. */
export const pageDescription: RuleDescriptor = {
  id: 'page-description',
  severity: 'warning',
  configurable: true,
  doc: "every content page has a `description` in its front matter (it is the page's meta description)",
};

/** The site speaks as the platform's documentation, not about the documents it was written from. */
export const voice: RuleDescriptor = {
  id: 'voice',
  severity: 'warning',
  configurable: true,
  doc: `no page text (outside code), front matter \`title\` or \`description\`, or contract \`title\`, \`summary\` or \`description\` says a phrase of these families (whole words, any case, a typographic apostrophe as a straight one): ${VOICE_FAMILIES.map((family) => `${family.phrases.map((p) => `"${p}"`).join(', ')} (${family.says})`).join('; ')}. "specification", "document behind", "reference page", "general practice" and "checked against the contract" match their plural too; a standard's name such as "OpenAPI Specification" is not matched. A site that talks about itself or the documents behind it tells the reader nothing; say what is known and leave out what is not. Checked by the site build and \`validate\` without files (a contract alone, \`validate FILES\`, is not a site)`,
};

/** Readers, browser tabs and search results tell pages apart by their title. */
export const duplicateTitle: RuleDescriptor = {
  id: 'duplicate-title',
  severity: 'warning',
  configurable: true,
  doc: 'no two pages share a title: docs and standalone pages (front matter `title`) and each API reference (titled after the API, with "reference"); reported at every page after the first by route, where its title is written (the front matter, the config\'s `apis[].title` or the contract\'s `info.title`)',
};

import { PART_BODY } from '../api/PartDocument.js';
import type { PartsContext } from './api-parts.js';
import { sitePage } from './moved-anchor.js';
import { siteRoot } from './site-elements.js';
import { setUpTabs } from './tabs.js';

/**
 * The API reference's behaviours (api-behaviours.ts), loaded by the first API page shown rather
 * than with every page. Once loaded they run on every page, as before: on a page without a
 * reference they undo what they did on the last one (an observer disconnected, a marker removed).
 */
type ApiBehaviours = typeof import('./api-behaviours.js');

let behaviours: Promise<ApiBehaviours> | undefined;

/** The API reference's own main or sidebar (templates/api/ApiPage.tsx, ChangelogPage.tsx). */
function onApiPage(): boolean {
  return document.querySelector('main.api-main, .api-sidebar-container .api-nav') !== null;
}

function loaded(): Promise<ApiBehaviours> | undefined {
  if (!behaviours && onApiPage()) behaviours = import('./api-behaviours.js');
  return behaviours;
}

/** What the stubs' code shares with the entry: handed over, so that the chunk imports none of it. */
function partsContext(): PartsContext {
  return { root: siteRoot(document), sitePage, setUpTabs, partBody: PART_BODY };
}

function run(use: (module: ApiBehaviours) => void): void {
  // The page reads without them: the stubs keep their links, the sidebar its entries.
  loaded()?.then(use, (error: unknown) =>
    console.warn('specsite: the API reference could not load its script:', error),
  );
}

/** Watches the stubs of the page shown (api-parts.ts). */
export function installApiParts(): void {
  run((module) => module.installApiParts(partsContext()));
}

/** Loads the stub the address names now (a link within the page was followed). */
export function loadNamedPart(): void {
  if (behaviours) run((module) => module.loadNamedPart(partsContext()));
}

/** Marks in the sidebar the operation being read (api-scroll-nav.ts). */
export function attachApiScrollNav(): void {
  run((module) => module.attachApiScrollNav());
}

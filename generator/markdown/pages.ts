import type { TwinSource } from '../page-kinds/twin-sources.js';

export type { TwinSource } from '../page-kinds/twin-sources.js';

/** Whether making the page's twin needs the reference's models (its pages, and the catalog of contract components). */
export function needsModels(source: TwinSource): boolean {
  const { page } = source;
  if (page.kind === 'api') return true;
  return (page.kind === 'content' ? page.page : page.page.post)?.usesContracts ?? false;
}

import type { EngineData } from './engine.js';

/** How much a page's section matched: the ranking's score of each word found in it (a rare word weighs more than "how"). */
export function sectionScore(sub: NonNullable<EngineData['sub_results']>[number]): number {
  const weighted = sub.weighted_locations ?? [];
  if (weighted.length === 0) return sub.locations?.length ?? 0;
  return weighted.reduce((sum, word) => sum + (word.balanced_score ?? 1), 0);
}

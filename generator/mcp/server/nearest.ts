import { distance } from 'fastest-levenshtein';

/** How many near matches an error names. */
const SHOWN = 5;
/** Candidates compared at most: a site with huge lists answers from the first ones. */
const COMPARED = 20_000;

/**
 * The candidates closest to what was given: those that contain it first, then by edit distance,
 * case ignored; only reasonably close ones, so a guess far from everything gets no misleading
 * suggestion.
 */
export function nearest(given: string, candidates: readonly string[], shown = SHOWN): string[] {
  const wanted = given.toLowerCase().slice(0, 200);
  const scored = [...new Set(candidates)].slice(0, COMPARED).map((candidate) => {
    const lower = candidate.toLowerCase();
    const contains = wanted.length > 0 && lower.includes(wanted);
    return { candidate, contains, distance: distance(wanted, lower.slice(0, 200)) };
  });
  const limit = Math.max(3, Math.ceil(wanted.length * 0.5));
  return scored
    .filter((s) => s.contains || s.distance <= limit)
    .sort((a, b) => Number(b.contains) - Number(a.contains) || a.distance - b.distance || compare(a, b))
    .slice(0, shown)
    .map((s) => s.candidate);
}

function compare(a: { candidate: string }, b: { candidate: string }): number {
  return a.candidate < b.candidate ? -1 : a.candidate > b.candidate ? 1 : 0;
}

/**
 * `wanted`, or the first of `wanted-2`, `wanted-3`, … not in `taken`; the answer joins `taken`.
 * Anchors, page slugs and API ids share this so that two names which slug alike never collide.
 */
export function uniqueSlug(wanted: string, taken: Set<string>): string {
  let slug = wanted;
  for (let n = 2; taken.has(slug); n++) slug = `${wanted}-${n}`;
  taken.add(slug);
  return slug;
}

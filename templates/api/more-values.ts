/** What follows the values shown of an enumeration cut at `MAX_ENUM_VALUES` (same words on the page and in its twin). */
export function moreValuesText(count: number): string {
  return `and ${count.toLocaleString('en')} more`;
}

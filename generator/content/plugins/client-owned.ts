import { isReservedId, RESERVED_IDS, SEARCH_HIT_PREFIX } from '../../../templates/site-ids.js';

/**
 * What an attribute written in a page may not be, because the site's client acts on it: any `data-`
 * attribute (the client's own markers: `data-moved-to`, `data-tabs`, `data-dropdown`, …), and on an
 * HTML element an `id` the site's markup uses. Answers the problem as a message, or undefined.
 */
export function clientOwnedAttribute(
  element: string,
  name: string,
  values: readonly string[],
): { rule: 'unsafe-html' | 'reserved-id'; message: string } | undefined {
  if (name.startsWith('data-'))
    return {
      rule: 'unsafe-html',
      message: `attribute "${name}" is not allowed in content: data- attributes are the site's own, which its client acts on`,
    };
  // A component's `id` is a prop (`<Operation id>` names an operation), not the element's.
  if (name !== 'id' || /^[A-Z]/.test(element)) return undefined;
  const reserved = values.find(isReservedId);
  if (reserved === undefined) return undefined;
  return {
    rule: 'reserved-id',
    message: `id "${reserved}" is the site's own; choose another (reserved: ${RESERVED_IDS.join(', ')}, ${SEARCH_HIT_PREFIX}…)`,
  };
}

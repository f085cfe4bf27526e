import type { OperationModel } from '../../../templates/api/model.js';

/** The extensions contracts name a deprecated operation's successor by (its operationId), in the order trusted. */
const REPLACED_BY = ['x-deprecated-by', 'x-replaced-by', 'x-superseded-by'] as const;

/**
 * The operation to use instead of this one, when the contract names it; nothing is guessed. Its
 * link is where this version renders it; an id it does not render is shown as text.
 */
export function replacement(
  operation: Record<string, unknown>,
  operationHref: (operationId: string) => string | undefined,
): OperationModel['replacedBy'] {
  for (const key of REPLACED_BY) {
    const id = operation[key];
    if (typeof id === 'string' && id.trim() !== '') return { id, href: operationHref(id) };
  }
  return undefined;
}

import type { OperationContext } from '../generator/render/api/operation-model.js';
import { Descriptions } from '../generator/render/api/descriptions.js';
import type { RefResolver } from '../generator/render/api/resolver.js';
import { SchemaRegistry } from '../generator/render/api/schema-registry.js';

/** What an operation's model is built with, as a one-page reference at `/api/` builds it. */
export function operationContext(resolver: RefResolver, defaultSecurity?: unknown): OperationContext {
  return {
    registry: new SchemaRegistry(
      resolver,
      () => '/api/',
      (route: string) => route,
    ),
    text: new Descriptions(),
    resolver,
    defaultSecurity,
    operationHref: () => undefined,
  };
}

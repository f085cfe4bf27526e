import { z } from 'zod';
import { isSafeUrl, unsafeUrlMessage } from '../../templates/url-policy.js';
import { ROUTE_INVALID, routeMessage, routeProblem } from './route-policy.js';

/** The rule the content checks give a refused URL, and the config's checks too. */
export const UNSAFE_URL = 'unsafe-url';

/**
 * Refinements that put the route and URL policies into the config's and front matter's schemas.
 * Their issues carry their rule (`params.rule`), which `zodIssueToDiagnostics` reports them under.
 */
export function validRoute<T extends z.ZodType<string>>(schema: T, what: string): T {
  return schema.superRefine((value, ctx) => {
    const problem = routeProblem(pathOf(value));
    if (problem !== undefined)
      ctx.addIssue({ code: 'custom', message: routeMessage(what, value, problem), params: { rule: ROUTE_INVALID } });
  }) as unknown as T;
}

export function safeUrl<T extends z.ZodType<string>>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    if (!isSafeUrl(value))
      ctx.addIssue({ code: 'custom', message: unsafeUrlMessage(value), params: { rule: UNSAFE_URL } });
  }) as unknown as T;
}

/** A route as written in a link (`/roadmap/#next`): its path is the route. */
function pathOf(value: string): string {
  return value.split(/[?#]/, 1)[0] ?? '';
}

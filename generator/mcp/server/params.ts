import {
  ClientNotificationSchema,
  ClientRequestSchema,
  ErrorCode,
  type JSONRPCNotification,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { oneLine } from '../../diagnostics/line.js';
import type { Refusal } from './stdio/classify.js';

type Schema = (typeof ClientRequestSchema.options)[number] | (typeof ClientNotificationSchema.options)[number];
type Issue = { code: string; path: PropertyKey[]; message: string; expected?: unknown };

/** Each method a client may send, with the SDK's schema of its request or notification. */
const SCHEMAS = new Map<string, Schema>(
  [...ClientRequestSchema.options, ...ClientNotificationSchema.options].map((s) => [s.shape.method.value, s]),
);

/**
 * Checks the params of a request (or notification) of a method MCP defines, before the SDK does:
 * the SDK answers a failed check with `-32603` and the validator's issues as a JSON dump, where
 * JSON-RPC has `-32602` Invalid params. The message is one line naming the first parameter at fault.
 * A method MCP does not define passes, to be answered "Method not found".
 */
export function checkParams(message: JSONRPCRequest | JSONRPCNotification): Refusal | undefined {
  const schema = SCHEMAS.get(message.method);
  if (!schema) return undefined;
  const request = { method: message.method, params: message.params };
  const checked = schema.safeParse(request);
  if (checked.success) return undefined;
  let issue = checked.error.issues[0] as Issue | undefined;
  // With no params at all, the parameter to name is the first one the method needs.
  if (issue?.path.length === 1 && message.params === undefined)
    issue = (schema.safeParse({ ...request, params: {} }).error?.issues[0] as Issue | undefined) ?? issue;
  const id = 'id' in message ? message.id : null;
  return {
    code: ErrorCode.InvalidParams,
    message: `Invalid params: ${message.method}: ${issue ? describe(issue, request) : 'not as MCP has them'}`,
    id,
    quiet: !('id' in message),
  };
}

/** `` `params.uri` is required ``, `` `params.name` must be a string ``, or the validator's own words. */
function describe(issue: Issue, request: object): string {
  const name = `\`${issue.path.map(String).join('.')}\``;
  if (issue.code === 'invalid_type' && typeof issue.expected === 'string')
    return valueAt(request, issue.path) === undefined
      ? `${name} is required`
      : `${name} must be ${article(issue.expected)}`;
  return `${name}: ${oneLine(issue.message.replace(/\s+/g, ' '))}`;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path)
    at = typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

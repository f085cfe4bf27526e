import {
  ErrorCode,
  JSONRPCMessageSchema,
  RequestIdSchema,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** A message the server answers with an error of its own instead of handling it. */
export interface Refusal {
  code: number;
  message: string;
  id: RequestId | null;
  /** A notification's: said on stderr, never answered (JSON-RPC answers no notification). */
  quiet?: boolean;
}

export type Classified = { ok: true; message: JSONRPCMessage } | { ok: false; refusal: Refusal };

/**
 * One parsed JSON value as JSON-RPC 2.0 reads it: a message, or why it is not one, said once, in
 * the order a reader checks (`jsonrpc`, then `id`, `method`, `params`). The id is echoed when it is
 * valid and the value is no response: answering a malformed response by its id would fail the
 * client's own request of that id.
 */
export function classify(value: unknown): Classified {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalid('it is not an object', null);
  const fields = value as Record<string, unknown>;
  const response = !('method' in fields) && ('result' in fields || 'error' in fields);
  const id = !response && 'id' in fields ? validId(fields.id) : null;
  if (fields.jsonrpc !== '2.0') return invalid('`jsonrpc` must be "2.0"', id);
  if ('id' in fields && validId(fields.id) === null) return invalid('`id` must be a string or an integer', null);
  if (!response) {
    if (!('method' in fields)) return invalid('no `method`', id);
    if (typeof fields.method !== 'string') return invalid('`method` must be a string', id);
    const { params } = fields;
    if (params !== undefined && (typeof params !== 'object' || params === null))
      return invalid('`params` must be an object', id);
    // JSON-RPC allows positional parameters; MCP names every one.
    if (Array.isArray(params))
      return {
        ok: false,
        refusal: {
          code: ErrorCode.InvalidParams,
          message: `Invalid params: ${fields.method}: \`params\` must be an object`,
          id,
          quiet: !('id' in fields),
        },
      };
  }
  const message = JSONRPCMessageSchema.safeParse(value);
  if (message.success) return { ok: true, message: message.data };
  return invalid(response ? 'a response of neither `result` nor `error` as MCP has them' : 'an unknown member', id);
}

/** `Invalid Request: not a JSON-RPC 2.0 request…: <why>`; the start is what every such answer shares. */
function invalid(why: string, id: RequestId | null): Classified {
  const lead = 'Invalid Request: not a JSON-RPC 2.0 request, notification or response as MCP has them';
  return { ok: false, refusal: { code: ErrorCode.InvalidRequest, message: `${lead}: ${why}`, id } };
}

function validId(id: unknown): RequestId | null {
  const parsed = RequestIdSchema.safeParse(id);
  return parsed.success ? parsed.data : null;
}

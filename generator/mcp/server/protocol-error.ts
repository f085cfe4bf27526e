import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

/**
 * A JSON-RPC error a handler answers with: the SDK sends a thrown error's `code` and `message` as
 * they are, where its own `McpError` puts `MCP error <code>: ` before the message.
 */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** `-32602` for `method`'s params: `Invalid params: resources/read: …`. */
export function invalidParams(method: string, why: string): ProtocolError {
  return new ProtocolError(ErrorCode.InvalidParams, `Invalid params: ${method}: ${why}`);
}

import { ErrorCode, type JSONRPCNotification, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { checkParams } from './params.js';
import type { Refusal } from './stdio/classify.js';
import { unknown } from './tool-error.js';

/** What the transport asks of each request and notification before the SDK sees it. */
export type Screen = (message: JSONRPCRequest | JSONRPCNotification) => Refusal | undefined;

/**
 * Params MCP refuses, and a call of a tool the server does not have, answered as JSON-RPC errors
 * (`-32602`): the SDK would answer the first with a `-32603` dump and the second with a successful
 * result marked `isError`, where the specification has a protocol error for an unknown tool.
 */
export function gate(tools: ReadonlySet<string>): Screen {
  return (message) => checkParams(message) ?? unknownTool(message, tools);
}

function unknownTool(message: JSONRPCRequest | JSONRPCNotification, tools: ReadonlySet<string>): Refusal | undefined {
  if (message.method !== 'tools/call' || !('id' in message)) return undefined;
  const { name } = message.params as { name: string };
  if (tools.has(name)) return undefined;
  const names = [...tools];
  const why = unknown('tool', name, names, `; the tools are ${names.join(', ')}`).message;
  return { code: ErrorCode.InvalidParams, message: `Invalid params: tools/call: ${why}`, id: message.id };
}

import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { oneLine } from '../../../diagnostics/line.js';

/** The most of an error message sent: a message may quote a whole client message. */
const MAX_ERROR_MESSAGE = 1000;

/**
 * An error's message as one line, without the `MCP error <code>: ` the SDK's `McpError` puts before
 * it (a client that wraps the message in its own `McpError` would show the prefix twice).
 */
export function tidy(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message)) return message;
  let text = message.error.message.replace(/^(MCP error -?\d+: )+/, '').replace(/\s+/g, ' ');
  text = oneLine(text.length > MAX_ERROR_MESSAGE ? `${text.slice(0, MAX_ERROR_MESSAGE)}…` : text);
  return { ...message, error: { ...message.error, message: text } };
}

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ContractFiles } from '../contracts.js';
import type { SiteSearch } from '../search/site-search.js';
import type { PublishedSite } from '../site.js';
import { ToolError } from '../tool-error.js';

/** What every tool answers from: the published site, its contracts and its search, the last two made on first use. */
export interface ToolContext {
  site: PublishedSite;
  contracts: () => Promise<ContractFiles>;
  search: () => Promise<SiteSearch>;
}

/** A tool's answer as text (Markdown, or JSON a model reads as easily). */
export function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

export function json(value: unknown): CallToolResult {
  return text(JSON.stringify(value, null, 2));
}

/**
 * A tool's handler whose failures are answers: a `ToolError` (a wrong argument) says what to give
 * instead; anything else is a bug of specsite's, said in one line (its stack on stderr with
 * SPECSITE_DEBUG), never a crash of the server.
 */
export function answering<A>(handler: (args: A) => Promise<CallToolResult>): (args: A) => Promise<CallToolResult> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof ToolError) return { content: [{ type: 'text', text: error.message }], isError: true };
      if (process.env.SPECSITE_DEBUG) process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      return {
        content: [
          { type: 'text', text: `specsite: internal error: ${(error as Error).message} (this is a bug in specsite)` },
        ],
        isError: true,
      };
    }
  };
}

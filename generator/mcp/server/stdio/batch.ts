import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** The one protocol version with JSON-RPC batches: added in 2025-03-26, removed in 2025-06-18. */
export const BATCH_VERSION = '2025-03-26';

/**
 * The answers to one batch, sent as one array once every request in it is answered (JSON-RPC 2.0:
 * in any order; none at all when it held only notifications).
 */
export class Batch {
  private readonly answers: JSONRPCMessage[] = [];

  constructor(
    private readonly waiting: Set<RequestId>,
    private readonly flush: (answers: JSONRPCMessage[]) => void,
  ) {}

  /** Whether `id` is one of this batch's requests still unanswered. */
  awaits(id: RequestId): boolean {
    return this.waiting.has(id);
  }

  /** An answer of the batch's own making (a refused element) or the server's to one of its requests. */
  add(answer: JSONRPCMessage): void {
    this.answers.push(answer);
    if ('id' in answer && answer.id !== undefined) this.waiting.delete(answer.id);
  }

  /** Sends what is gathered once nothing is awaited; true when the batch is done. */
  settle(): boolean {
    if (this.waiting.size > 0) return false;
    if (this.answers.length > 0) this.flush(this.answers);
    return true;
  }
}

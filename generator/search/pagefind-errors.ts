/** Thrown for anything Pagefind reports: the build turns it into one located line. */
export class PagefindError extends Error {}

/** Pagefind said no to one page or record (as opposed to failing as a whole), at `url` when known. */
export class PageRejected extends PagefindError {
  constructor(
    message: string,
    readonly url?: string,
  ) {
    super(message);
  }
}

/** Pagefind rejects with strings as well as errors; a message is all a user can act on. */
export function asPagefindError(error: unknown): PagefindError {
  if (error instanceof PagefindError) return error;
  return new PagefindError(error instanceof Error ? error.message : String(error));
}

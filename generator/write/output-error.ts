import { displayPath } from '../sources/display-path.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** The rule of every problem with the output folder itself (not with the user's sources). */
export const OUTPUT_RULE = 'output';

/**
 * A problem of the disk under the output folder (full, read-only, a file where a folder goes, a
 * mount point in the way): the user's to fix, so it is reported as one line, not as a bug.
 */
export class OutputError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
    this.name = 'OutputError';
  }
}

/** What each error of the file system means for the user, and what they can do about it. */
const MEANINGS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device; free some space, then build again',
  EDQUOT: 'disk quota exceeded; free some space, then build again',
  EROFS: 'the file system is read-only; pass --out DIR on a writable disk',
  EACCES: 'permission denied; make the folder writable, or pass --out DIR',
  EPERM: 'operation not permitted; make the folder writable (and not immutable), or pass --out DIR',
  EBUSY: 'it is busy (a mount point, or in use by another program); unmount or close it, or pass --out DIR',
  EXDEV: 'it is a mount point of another file system; unmount it, or pass --out DIR',
  ENOTDIR: 'a file is where a folder should be; remove it, or pass --out DIR',
  EEXIST: 'a file is where a folder should be; remove it, or pass --out DIR',
  EISDIR: 'a folder is where a file should be; remove it, or pass --out DIR',
  ENOTEMPTY: 'another program wrote there meanwhile; build again',
  ENAMETOOLONG: 'the path is too long for the file system; pass a shorter --out DIR',
  EMFILE: 'too many open files; raise the limit (ulimit -n), then build again',
  ENFILE: 'too many open files on the system; build again later',
  EIO: 'the disk reported an input/output error',
  ENOENT: 'a folder on the way is missing or was removed meanwhile; build again',
};

/** Whether `error` comes from a call to the file system (it carries an errno code), not from our own logic. */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    typeof (error as NodeJS.ErrnoException).syscall === 'string'
  );
}

/** One located line for a failed operation on `path` (absolute) under the output folder `outDir`. */
export function outputDiagnostic(outDir: string, action: string, path: string, meaning: string): Diagnostic {
  return {
    file: displayPath(outDir),
    line: 0,
    column: 0,
    severity: 'error',
    rule: OUTPUT_RULE,
    message: `cannot ${action} ${displayPath(path)}: ${meaning}`,
  };
}

/** Runs `operation` on `path`, turning an error of the file system into an `OutputError`. */
export async function onDisk<T>(outDir: string, action: string, path: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw asOutputError(error, outDir, action, path);
  }
}

/** An error of the file system as an `OutputError`; anything else (a bug of ours) unchanged. */
export function asOutputError(error: unknown, outDir: string, action: string, path: string): unknown {
  if (error instanceof OutputError || !isSystemError(error)) return error;
  const code = error.code as string;
  return new OutputError(
    outputDiagnostic(outDir, action, path, MEANINGS[code] ?? `${code}: ${error.message.replace(/^\w+: /, '')}`),
  );
}

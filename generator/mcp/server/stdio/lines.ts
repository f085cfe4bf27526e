/**
 * Splits a byte stream into newline-delimited lines, holding at most `max` bytes of the line being
 * read: the rest of a longer line is dropped as it arrives (a gigabyte without a newline costs no
 * more memory than `max`), and the line is reported once, as soon as it passes the limit.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private dropping = false;
  /** The number of the line being read, from 1. */
  private line = 1;

  constructor(
    private readonly max: number,
    private readonly onLine: (bytes: Buffer, line: number) => void,
    private readonly onTooLong: (line: number) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      this.take(chunk.subarray(start, end));
      if (newline === -1) return;
      const whole = this.dropping ? undefined : Buffer.concat(this.parts, this.size);
      const line = this.line++;
      this.parts = [];
      this.size = 0;
      this.dropping = false;
      if (whole) this.onLine(whole, line);
      start = newline + 1;
    }
  }

  private take(piece: Buffer): void {
    if (this.dropping || piece.length === 0) return;
    if (this.size + piece.length <= this.max) {
      this.parts.push(piece);
      this.size += piece.length;
      return;
    }
    this.parts = [];
    this.size = 0;
    this.dropping = true;
    this.onTooLong(this.line);
  }
}

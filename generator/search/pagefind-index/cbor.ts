/**
 * The part of CBOR (RFC 8949) Pagefind's index is written in: integers, text and definite-length
 * arrays, each in its shortest form, as its Rust encoder (minicbor) writes them. An edit reads the
 * whole word index back and writes it again; a general CBOR library (cborg) took about 70 ms of CPU
 * each way on this site's 0.5 MB, where this takes a few, so the index's three shapes are read and
 * written here. Anything else in a file (maps, floats, tags, byte strings) is refused.
 */
export type CborValue = number | string | CborValue[];

const UNSIGNED = 0;
const NEGATIVE = 1;
const TEXT = 3;
const ARRAY = 4;

export function decodeCbor(bytes: Uint8Array): CborValue {
  const reader = new CborReader(bytes);
  const value = reader.value();
  if (!reader.done) throw new Error('CBOR: data after the value');
  return value;
}

export function encodeCbor(value: CborValue): Uint8Array {
  const writer = new CborWriter();
  writer.value(value);
  return writer.take();
}

/** Writes values one after the other (an array's header, then its elements), for output built as it goes. */
export class CborWriter {
  private buffer = Buffer.allocUnsafe(1 << 16);
  private at = 0;

  /** An array of `length` elements: the elements are written next. */
  array(length: number): void {
    this.header(ARRAY, length);
  }

  int(value: number): void {
    if (!Number.isSafeInteger(value)) throw new Error(`CBOR: ${value} is not an integer`);
    if (value >= 0) this.header(UNSIGNED, value);
    else this.header(NEGATIVE, -1 - value);
  }

  text(value: string): void {
    const size = Buffer.byteLength(value);
    this.header(TEXT, size);
    this.room(size);
    this.at += this.buffer.write(value, this.at);
  }

  value(value: CborValue): void {
    if (typeof value === 'number') this.int(value);
    else if (typeof value === 'string') this.text(value);
    else {
      this.array(value.length);
      for (const element of value) this.value(element);
    }
  }

  /** Values already encoded, as they are. */
  raw(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buffer.set(bytes, this.at);
    this.at += bytes.length;
  }

  /** What was written since the last `take`. */
  take(): Uint8Array {
    const out = Buffer.from(this.buffer.subarray(0, this.at));
    this.at = 0;
    return out;
  }

  private header(major: number, n: number): void {
    this.room(9);
    const type = major << 5;
    const buffer = this.buffer;
    if (n < 24) buffer[this.at++] = type | n;
    else if (n < 0x100) {
      buffer[this.at++] = type | 24;
      buffer[this.at++] = n;
    } else if (n < 0x10000) {
      buffer[this.at++] = type | 25;
      this.at = buffer.writeUInt16BE(n, this.at);
    } else if (n < 0x100000000) {
      buffer[this.at++] = type | 26;
      this.at = buffer.writeUInt32BE(n, this.at);
    } else {
      buffer[this.at++] = type | 27;
      this.at = buffer.writeBigUInt64BE(BigInt(n), this.at);
    }
  }

  private room(size: number): void {
    if (this.at + size <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + size));
    this.buffer.copy(bigger, 0, 0, this.at);
    this.buffer = bigger;
  }
}

/**
 * Reads values one after the other, for passing over most of a large value without building it:
 * each call reads one value or one array's header, and throws where the data is not as expected.
 */
export class CborReader {
  at = 0;
  private readonly buffer: Buffer;

  constructor(bytes: Uint8Array) {
    this.buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** An array's length (its elements are read next). */
  array(): number {
    return this.expect(ARRAY);
  }

  /** An unsigned integer. */
  uint(): number {
    return this.expect(UNSIGNED);
  }

  text(): string {
    return this.textOf(this.expect(TEXT));
  }

  /** A whole value, built. */
  value(): CborValue {
    const major = this.header();
    const n = this.n;
    if (major === UNSIGNED) return n;
    if (major === NEGATIVE) return -1 - n;
    if (major === TEXT) return this.textOf(n);
    if (major === ARRAY) {
      const out = new Array<CborValue>(n);
      for (let i = 0; i < n; i++) out[i] = this.value();
      return out;
    }
    throw new Error(
      `CBOR: a value of major type ${major}, which Pagefind's index does not use, at byte ${this.at - 1}`,
    );
  }

  /** Passes over `count` integers (most of a word index: read here without a call for each). */
  skipInts(count: number): void {
    const buffer = this.buffer;
    let at = this.at;
    let i = 0;
    for (; i < count && at < buffer.length; i++) {
      const initial = buffer[at++] as number;
      if (initial >> 5 > NEGATIVE) throw new Error(`CBOR: an integer expected at byte ${at - 1}`);
      const info = initial & 31;
      if (info < 24) continue;
      if (info > 27) throw new Error(`CBOR: unreadable length at byte ${at}`);
      at += 1 << (info - 24);
    }
    if (i < count || at > buffer.length) throw new Error('CBOR: the data ends within a value');
    this.at = at;
  }

  get done(): boolean {
    return this.at >= this.buffer.length;
  }

  private expect(major: number): number {
    const found = this.header();
    if (found !== major) throw new Error(`CBOR: a value of major type ${major} expected at byte ${this.at}`);
    return this.n;
  }

  /** The argument of the last header read. */
  private n = 0;

  private textOf(size: number): string {
    if (this.at + size > this.buffer.length) throw new Error('CBOR: the data ends within a text');
    const text = this.buffer.toString('utf8', this.at, this.at + size);
    this.at += size;
    return text;
  }

  private header(): number {
    const buffer = this.buffer;
    if (this.at >= buffer.length) throw new Error('CBOR: the data ends within a value');
    const initial = buffer[this.at++] as number;
    const info = initial & 31;
    if (info < 24) this.n = info;
    else {
      const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
      if (size === 0 || this.at + size > buffer.length) throw new Error(`CBOR: unreadable length at byte ${this.at}`);
      this.n = size === 8 ? Number(buffer.readBigUInt64BE(this.at)) : buffer.readUIntBE(this.at, size);
      this.at += size;
    }
    return initial >> 5;
  }
}

// A Protobuf writer into one growing buffer, for the server's hot path (lists and watch events in
// Protobuf). protobufjs' Writer keeps a linked list of operations and copies everything again in
// finish(), and a nested message written apart is copied once more into its parent; here every
// byte is written once, in place. A nested message gets a one-byte length slot when it starts;
// the rare message of 128 bytes or more moves its own bytes right to make room for a longer
// length when it ends. The calls mirror protobufjs' (uint32, int32, int64, string, bytes, fork,
// ldelim, finish) so that the encoders read the same.

const initialCapacity = 8 * 1024;

export class MessageWriter {
  #buffer: Buffer;
  #length = 0;
  /** Where each open nested message's one-byte length slot is, innermost last. */
  readonly #forks: number[] = [];

  constructor(capacity = initialCapacity) {
    this.#buffer = Buffer.allocUnsafe(capacity);
  }

  /** A varint of a value in [0, 2^32). */
  uint32(value: number): this {
    this.#reserve(5);
    let rest = value >>> 0;
    while (rest > 0x7f) {
      this.#buffer[this.#length++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    this.#buffer[this.#length++] = rest;
    return this;
  }

  /** A signed 32-bit value: negative ones are sign-extended to ten bytes, as Go writes them. */
  int32(value: number): this {
    return value < 0 ? this.int64(value) : this.uint32(value);
  }

  /** A signed 64-bit value given as a JavaScript number (exact up to 2^53). */
  int64(value: number): this {
    if (value >= 0 && value <= 0xffffffff) return this.uint32(value);
    this.#reserve(10);
    // Two's complement over 64 bits, as two 32-bit halves.
    const magnitude = Math.abs(value);
    let low = (magnitude % 0x1_0000_0000) >>> 0;
    let high = Math.floor(magnitude / 0x1_0000_0000) >>> 0;
    if (value < 0) {
      high = (~high + (low === 0 ? 1 : 0)) >>> 0;
      low = (~low + 1) >>> 0;
    }
    while (high > 0 || low > 0x7f) {
      this.#buffer[this.#length++] = (low & 0x7f) | 0x80;
      low = ((low >>> 7) | (high << 25)) >>> 0;
      high >>>= 7;
    }
    this.#buffer[this.#length++] = low;
    return this;
  }

  bool(value: boolean): this {
    this.#reserve(1);
    this.#buffer[this.#length++] = value ? 1 : 0;
    return this;
  }

  double(value: number): this {
    this.#reserve(8);
    this.#buffer.writeDoubleLE(value, this.#length);
    this.#length += 8;
    return this;
  }

  /** A length-delimited UTF-8 string. */
  string(value: string): this {
    this.#reserve(value.length * 3 + 1);
    const slot = this.#length;
    const written = this.#buffer.write(value, slot + 1, 'utf8');
    this.#length = slot + 1 + written;
    this.#writeLength(slot, written);
    return this;
  }

  /** Length-delimited bytes. */
  bytes(value: Uint8Array): this {
    this.uint32(value.length);
    this.#reserve(value.length);
    this.#buffer.set(value, this.#length);
    this.#length += value.length;
    return this;
  }

  /** Bytes written as they are, with no length (a magic prefix, an already framed message). */
  raw(value: Uint8Array): this {
    this.#reserve(value.length);
    this.#buffer.set(value, this.#length);
    this.#length += value.length;
    return this;
  }

  /** Starts a nested message; ldelim() ends it and writes its length before it. */
  fork(): this {
    this.#reserve(1);
    this.#forks.push(this.#length);
    this.#length += 1;
    return this;
  }

  ldelim(): this {
    const slot = this.#forks.pop();
    if (slot === undefined) throw new Error('ldelim() without fork()');
    this.#writeLength(slot, this.#length - slot - 1);
    return this;
  }

  /** How many bytes are written so far. */
  get length(): number {
    return this.#length;
  }

  /** Overwrites four bytes already written with a big-endian uint32 (a frame's length). */
  setUint32BE(at: number, value: number): this {
    this.#buffer.writeUInt32BE(value, at);
    return this;
  }

  /**
   * The bytes written; the writer must not be used after. A view of the writer's buffer when it
   * is at least half full, else a copy, so that a small answer kept for long (a watch event in the
   * cache's ring) does not hold a large buffer.
   */
  finish(): Uint8Array {
    if (this.#forks.length > 0) throw new Error('finish() inside an unended fork()');
    const written = this.#buffer.subarray(0, this.#length);
    return this.#length * 2 >= this.#buffer.length ? written : Buffer.from(written);
  }

  /** Writes `length` into the one-byte slot before the `length` bytes that follow it, moving them if it needs more. */
  #writeLength(slot: number, length: number): void {
    if (length < 0x80) {
      this.#buffer[slot] = length;
      return;
    }
    const size = varintSize(length);
    this.#reserve(size - 1);
    this.#buffer.copyWithin(slot + size, slot + 1, this.#length);
    this.#length += size - 1;
    let at = slot;
    let rest = length;
    while (rest > 0x7f) {
      this.#buffer[at++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    this.#buffer[at] = rest;
  }

  #reserve(bytes: number): void {
    if (this.#length + bytes <= this.#buffer.length) return;
    let capacity = this.#buffer.length * 2;
    while (capacity < this.#length + bytes) capacity *= 2;
    const larger = Buffer.allocUnsafe(capacity);
    this.#buffer.copy(larger, 0, 0, this.#length);
    this.#buffer = larger;
  }
}

const varintSize = (value: number): number => (value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x20_0000 ? 3 : value < 0x1000_0000 ? 4 : 5);

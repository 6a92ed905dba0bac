// SPDY/3 header blocks: name/value pairs (32-bit lengths, names in lower case, a value's several
// values joined by NUL) compressed with zlib and the SPDY dictionary. Each direction of a session
// is ONE zlib stream that every header block continues (ended by a sync flush), so a session keeps
// one compressor and one decompressor for its whole life and feeds them in frame order.

import { constants, createDeflate, createInflate, type Deflate, type Inflate } from 'node:zlib';
import { spdyHeaderDictionary } from './spdy-dictionary.ts';
import { SpdyProtocolError } from './spdy-frame.ts';

/** A stream's headers: lower-case names, each with its values. */
export type SpdyHeaders = ReadonlyMap<string, readonly string[]>;

/** The first value of a header, or '' (Go's http.Header.Get). */
export function spdyHeader(headers: SpdyHeaders, name: string): string {
  return headers.get(name)?.[0] ?? '';
}

/** Runs each input through one zlib stream with a sync flush, one at a time, in the order given. */
class ZlibContext {
  readonly #stream: Deflate | Inflate;
  readonly #maxOutput: number;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(stream: Deflate | Inflate, maxOutput: number) {
    this.#stream = stream;
    this.#maxOutput = maxOutput;
    // Errors reach the caller of process(); without a listener they would be thrown.
    stream.on('error', () => {});
  }

  process(input: Buffer): Promise<Buffer> {
    const result = this.#queue.then(() => this.#run(input));
    this.#queue = result.catch(() => {});
    return result;
  }

  close(): void {
    this.#stream.destroy();
  }

  #run(input: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const stream = this.#stream;
      if (stream.destroyed) return reject(new SpdyProtocolError('header compression context is closed'));
      const chunks: Buffer[] = [];
      let length = 0;
      let failure: Error | undefined;
      // Output is read as it comes (a stream whose output is not read stops after 16 KiB), and a
      // block that inflates past the limit stops the stream at once rather than filling memory.
      const drain = (): void => {
        for (let chunk = stream.read() as Buffer | null; chunk !== null; chunk = stream.read() as Buffer | null) {
          chunks.push(chunk);
          length += chunk.length;
          if (length > this.#maxOutput) {
            failure ??= new SpdyProtocolError(`header block of more than ${this.#maxOutput} bytes`);
            stream.destroy();
            finish();
            return;
          }
        }
      };
      const onError = (error: Error): void => {
        failure ??= new SpdyProtocolError(`header block: ${error.message}`);
        finish();
      };
      let settled = false;
      const finish = (): void => {
        if (settled) return;
        settled = true;
        stream.off('readable', drain).off('error', onError).off('close', onClose);
        if (failure !== undefined) reject(failure);
        else resolve(Buffer.concat(chunks, length));
      };
      const onClose = (): void => {
        failure ??= new SpdyProtocolError('header compression context is closed');
        finish();
      };
      stream.on('readable', drain).once('error', onError).once('close', onClose);
      stream.write(input);
      stream.flush(constants.Z_SYNC_FLUSH, () => {
        if (!stream.destroyed) drain();
        finish();
      });
    });
  }
}

/** Limits of a decoded header block, as Go's framer has them. */
const maxHeaderBlockBytes = 1 << 20;
const maxHeaderCount = 1000;

/** Reads the header blocks one peer sends in a session. */
export class SpdyHeaderDecoder {
  readonly #context = new ZlibContext(createInflate({ dictionary: spdyHeaderDictionary }), maxHeaderBlockBytes);

  async decode(block: Buffer): Promise<SpdyHeaders> {
    return parseHeaderBlock(await this.#context.process(block));
  }

  close(): void {
    this.#context.close();
  }
}

/** Writes the header blocks of one peer's side of a session. */
export class SpdyHeaderEncoder {
  readonly #context = new ZlibContext(createDeflate({ dictionary: spdyHeaderDictionary }), Number.MAX_SAFE_INTEGER);

  encode(headers: SpdyHeaders): Promise<Buffer> {
    return this.#context.process(serializeHeaderBlock(headers));
  }

  close(): void {
    this.#context.close();
  }
}

export function serializeHeaderBlock(headers: SpdyHeaders): Buffer {
  const parts: Buffer[] = [uint32(headers.size)];
  for (const [name, values] of headers) {
    const nameBytes = Buffer.from(name.toLowerCase(), 'utf8');
    const valueBytes = Buffer.from(values.join('\0'), 'utf8');
    parts.push(uint32(nameBytes.length), nameBytes, uint32(valueBytes.length), valueBytes);
  }
  return Buffer.concat(parts);
}

export function parseHeaderBlock(block: Buffer): SpdyHeaders {
  let offset = 0;
  const read = (length: number, what: string): Buffer => {
    if (offset + length > block.length) throw new SpdyProtocolError(`header block ends inside ${what}`);
    const bytes = block.subarray(offset, offset + length);
    offset += length;
    return bytes;
  };
  const count = read(4, 'the header count').readUInt32BE(0);
  if (count > maxHeaderCount) throw new SpdyProtocolError(`header block of ${count} headers`);
  const headers = new Map<string, string[]>();
  for (let i = 0; i < count; i++) {
    const name = read(read(4, 'a name length').readUInt32BE(0), 'a name').toString('utf8').toLowerCase();
    const value = read(read(4, 'a value length').readUInt32BE(0), 'a value').toString('utf8');
    if (name === '') throw new SpdyProtocolError('header with an empty name');
    headers.set(name, [...(headers.get(name) ?? []), ...value.split('\0')]);
  }
  return headers;
}

function uint32(value: number): Buffer {
  const bytes = Buffer.allocUnsafe(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
}

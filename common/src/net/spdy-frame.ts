// SPDY/3.1 frames (draft-mbelshe-httpbis-spdy-00 with the 3.1 additions) as plain data: a reader
// that cuts a byte stream into whole frames, and the encoders of the frames a server sends. Header
// blocks stay compressed here; spdy-header-block.ts reads and writes them.

import { isSingle } from '../tuples.ts';

export const spdyVersion = 3;

/** Control frame types. */
export const SpdyFrameType = { synStream: 1, synReply: 2, rstStream: 3, settings: 4, ping: 6, goAway: 7, headers: 8, windowUpdate: 9 } as const;

export const spdyFlagFin = 0x01;

/** RST_STREAM status codes. */
export const SpdyRstStatus = { protocolError: 1, invalidStream: 2, refusedStream: 3, cancel: 5, internalError: 6, streamInUse: 8, streamAlreadyClosed: 9 } as const;

/** GOAWAY status codes. */
export const SpdyGoAwayStatus = { ok: 0, protocolError: 1, internalError: 2 } as const;

export type SpdyFrame =
  | { readonly kind: 'data'; readonly streamId: number; readonly flags: number; readonly data: Buffer }
  | { readonly kind: 'control'; readonly version: number; readonly type: number; readonly flags: number; readonly payload: Buffer };

/** A frame that cannot be read: the session answers it with GOAWAY PROTOCOL_ERROR. */
export class SpdyProtocolError extends Error {
  override name = 'SpdyProtocolError';
}

const headerLength = 8;
const streamIdMask = 0x7fff_ffff;

/**
 * Cuts what a peer sends into frames. Bytes are kept until a whole frame is there; a frame longer
 * than `maxFrameLength` is refused before its payload is buffered.
 */
export class SpdyFrameReader {
  readonly #maxFrameLength: number;
  /** Chunks not yet read, joined only once they hold the frame waited for (no copy per chunk of a large frame). */
  #chunks: Buffer[] = [];
  #buffered = 0;
  /** Bytes needed before the next frame can be read: its header, then all of it. */
  #needed = headerLength;

  constructor(maxFrameLength: number) {
    this.#maxFrameLength = maxFrameLength;
  }

  /** The frames completed by `chunk`, in order. */
  push(chunk: Buffer): SpdyFrame[] {
    this.#chunks.push(chunk);
    this.#buffered += chunk.length;
    if (this.#buffered < this.#needed) return [];
    const chunks = this.#chunks;
    const pending = isSingle(chunks) ? chunks[0] : Buffer.concat(chunks, this.#buffered);
    const frames: SpdyFrame[] = [];
    let offset = 0;
    this.#needed = headerLength;
    while (pending.length - offset >= headerLength) {
      const first = pending.readUInt32BE(offset);
      const flags = pending[offset + 4] as number;
      const length = pending.readUIntBE(offset + 5, 3);
      if (length > this.#maxFrameLength) throw new SpdyProtocolError(`frame of ${length} bytes is longer than ${this.#maxFrameLength}`);
      if (pending.length - offset < headerLength + length) {
        this.#needed = headerLength + length;
        break;
      }
      const body = pending.subarray(offset + headerLength, offset + headerLength + length);
      if ((first & 0x8000_0000) !== 0) frames.push({ kind: 'control', version: (first >>> 16) & 0x7fff, type: first & 0xffff, flags, payload: body });
      else frames.push({ kind: 'data', streamId: first & streamIdMask, flags, data: body });
      offset += headerLength + length;
    }
    // Copy the rest: the frames handed out keep views of the buffer, and the rest should not hold it.
    const rest = pending.length - offset;
    this.#chunks = rest === 0 ? [] : [offset === 0 ? pending : Buffer.from(pending.subarray(offset))];
    this.#buffered = rest;
    return frames;
  }
}

function controlFrame(type: number, flags: number, payload: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(headerLength + payload.length);
  frame.writeUInt32BE((0x8000_0000 | (spdyVersion << 16) | type) >>> 0, 0);
  frame.writeUInt32BE(((flags << 24) | payload.length) >>> 0, 4);
  payload.copy(frame, headerLength);
  return frame;
}

export function encodeDataFrame(streamId: number, data: Buffer, fin: boolean): Buffer {
  const frame = Buffer.allocUnsafe(headerLength + data.length);
  frame.writeUInt32BE(streamId & streamIdMask, 0);
  frame.writeUInt32BE((((fin ? spdyFlagFin : 0) << 24) | data.length) >>> 0, 4);
  data.copy(frame, headerLength);
  return frame;
}

/** SYN_REPLY: the stream id, then the compressed header block. */
export function encodeSynReply(streamId: number, headerBlock: Buffer, fin: boolean): Buffer {
  const payload = Buffer.allocUnsafe(4 + headerBlock.length);
  payload.writeUInt32BE(streamId & streamIdMask, 0);
  headerBlock.copy(payload, 4);
  return controlFrame(SpdyFrameType.synReply, fin ? spdyFlagFin : 0, payload);
}

export function encodeRstStream(streamId: number, status: number): Buffer {
  const payload = Buffer.allocUnsafe(8);
  payload.writeUInt32BE(streamId & streamIdMask, 0);
  payload.writeUInt32BE(status, 4);
  return controlFrame(SpdyFrameType.rstStream, 0, payload);
}

export function encodeGoAway(lastGoodStreamId: number, status: number): Buffer {
  const payload = Buffer.allocUnsafe(8);
  payload.writeUInt32BE(lastGoodStreamId & streamIdMask, 0);
  payload.writeUInt32BE(status, 4);
  return controlFrame(SpdyFrameType.goAway, 0, payload);
}

export function encodePing(id: number): Buffer {
  const payload = Buffer.allocUnsafe(4);
  payload.writeUInt32BE(id >>> 0, 0);
  return controlFrame(SpdyFrameType.ping, 0, payload);
}

/** A SYN_STREAM (what a client sends; the session's tests play the client with it). */
export function encodeSynStream(streamId: number, headerBlock: Buffer, fin: boolean): Buffer {
  const payload = Buffer.alloc(10 + headerBlock.length);
  payload.writeUInt32BE(streamId & streamIdMask, 0);
  headerBlock.copy(payload, 10);
  return controlFrame(SpdyFrameType.synStream, fin ? spdyFlagFin : 0, payload);
}

/** The stream id at the start of a control frame's payload (SYN_STREAM, SYN_REPLY, RST_STREAM, HEADERS, WINDOW_UPDATE). */
export function controlStreamId(payload: Buffer): number {
  if (payload.length < 4) throw new SpdyProtocolError(`control frame of ${payload.length} bytes has no stream id`);
  return payload.readUInt32BE(0) & streamIdMask;
}

// The server side of a SPDY/3.1 session on an upgraded connection, as kube's streaming servers use
// it (exec, attach, port-forward): the client opens every stream (SYN_STREAM with its headers), the
// server accepts one with a SYN_REPLY or refuses it with RST_STREAM, and each stream is then a
// Duplex (its readable side ends at the client's FIN, ending its writable side sends ours).
//
// Written here rather than taken from npm: spdy-transport (the one SPDY/3.1 library, unpublished
// since 2018) enforces SPDY/3.1's per-stream send windows, which the peers kube uses (moby/spdystream,
// in client-go and kubectl) never open with WINDOW_UPDATE, so output would stall after 64 KiB; it
// also drags in four more unmaintained packages. Like spdystream, this session does no flow control:
// WINDOW_UPDATE and SETTINGS are read and ignored, and TCP is the only back pressure.

import { Duplex } from 'node:stream';
import {
  controlStreamId,
  encodeDataFrame,
  encodeGoAway,
  encodeRstStream,
  encodeSynReply,
  SpdyFrameReader,
  SpdyFrameType,
  spdyFlagFin,
  SpdyGoAwayStatus,
  SpdyProtocolError,
  SpdyRstStatus,
  spdyVersion,
  type SpdyFrame,
} from './spdy-frame.ts';
import { SpdyHeaderDecoder, SpdyHeaderEncoder, type SpdyHeaders } from './spdy-header-block.ts';

/** What a session needs of its stream's owner: sending frames in order. */
interface StreamSink {
  sendData(streamId: number, data: Buffer, fin: boolean, done: (error?: Error | null) => void): void;
  sendReset(streamId: number, status: number): void;
  resumeReading(): void;
  forget(streamId: number): void;
}

/** Bytes of one DATA frame at most when we send (spdystream reads any size up to 16 MiB). */
const maxDataChunk = 64 * 1024;

/** A stream the client opened. */
export class SpdyStream extends Duplex {
  readonly id: number;
  readonly headers: SpdyHeaders;
  readonly #sink: StreamSink;
  #finSent = false;
  #finReceived = false;
  #resetByPeer = false;

  constructor(id: number, headers: SpdyHeaders, sink: StreamSink) {
    super({ allowHalfOpen: true });
    this.id = id;
    this.headers = headers;
    this.#sink = sink;
  }

  /** Whether the client reset the stream (RST_STREAM) rather than ending it. */
  get resetByPeer(): boolean {
    return this.#resetByPeer;
  }

  override _read(): void {
    this.#sink.resumeReading();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (chunk.length <= maxDataChunk) return this.#sink.sendData(this.id, chunk, false, callback);
    for (let offset = 0; offset < chunk.length; offset += maxDataChunk) {
      const last = offset + maxDataChunk >= chunk.length;
      this.#sink.sendData(this.id, chunk.subarray(offset, offset + maxDataChunk), false, last ? callback : () => {});
    }
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#finSent = true;
    this.#sink.sendData(this.id, Buffer.alloc(0), true, callback);
    if (this.#finReceived) this.#sink.forget(this.id);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.#resetByPeer && !(this.#finSent && this.#finReceived)) this.#sink.sendReset(this.id, SpdyRstStatus.cancel);
    this.#sink.forget(this.id);
    callback(error);
  }

  /** Data the client sent; false when the reader wants no more for now. */
  receive(data: Buffer, fin: boolean): boolean {
    if (this.#finReceived) return true;
    const more = data.length === 0 ? true : this.push(data);
    if (fin) {
      this.#finReceived = true;
      this.push(null);
      if (this.#finSent) this.#sink.forget(this.id);
    }
    return more;
  }

  /** The client reset the stream: it ends at once, without an error. */
  reset(): void {
    this.#resetByPeer = true;
    if (!this.#finReceived) this.push(null);
    this.destroy();
  }
}

export interface SpdySessionOptions {
  /** A frame longer than this is a protocol error (default 16 MiB, SPDY's largest). */
  readonly maxFrameLength?: number;
}

/**
 * Serves the client's streams on `socket` (the connection after `101 Switching Protocols`).
 * `accept` sees each new stream with its headers: true accepts it (SYN_REPLY), false refuses it
 * (RST_STREAM CANCEL, as kube's stream handlers refuse a stream they cannot use).
 */
export class SpdyServerSession {
  readonly #socket: Duplex;
  readonly #accept: (stream: SpdyStream) => boolean;
  readonly #reader: SpdyFrameReader;
  readonly #decoder = new SpdyHeaderDecoder();
  readonly #encoder = new SpdyHeaderEncoder();
  readonly #streams = new Map<number, SpdyStream>();
  /** Frames are handled one after another: a header block must be decompressed before the next. */
  #inbound: Promise<void> = Promise.resolve();
  /** Frames to send wait for SYN_REPLYs still being compressed, so that a reply precedes its data. */
  #outbound: Promise<void> | undefined;
  #lastStreamId = 0;
  #closed = false;
  #closing = false;
  #paused = false;
  readonly #closeListeners: (() => void)[] = [];

  constructor(socket: Duplex, accept: (stream: SpdyStream) => boolean, options: SpdySessionOptions = {}) {
    this.#socket = socket;
    this.#accept = accept;
    this.#reader = new SpdyFrameReader(options.maxFrameLength ?? 0xff_ffff);
    socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    socket.on('error', () => socket.destroy());
    socket.once('close', () => this.#teardown());
    socket.once('end', () => this.#teardown());
  }

  /** Calls `listener` once the connection is gone (closed by either side). */
  onClose(listener: () => void): void {
    if (this.#closed) listener();
    else this.#closeListeners.push(listener);
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Says GOAWAY and ends the connection once what was written is flushed, including what streams
   * that were ended still hold in their buffers (their FIN goes first).
   */
  close(): void {
    if (this.#closed || this.#closing) return;
    this.#closing = true;
    const ending = [...this.#streams.values()].filter((stream) => stream.writableEnded && !stream.writableFinished && !stream.destroyed);
    void Promise.all(ending.map((stream) => new Promise<void>((resolve) => (stream.once('finish', resolve), stream.once('close', resolve))))).then(() => {
      if (this.#closed) return;
      this.#send(encodeGoAway(this.#lastStreamId, SpdyGoAwayStatus.ok));
      const end = (): void => void this.#socket.end();
      if (this.#outbound === undefined) end();
      else void this.#outbound.then(end);
    });
  }

  /** Cuts the connection at once. */
  destroy(): void {
    this.#socket.destroy();
    this.#teardown();
  }

  #teardown(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const stream of this.#streams.values()) stream.reset();
    this.#streams.clear();
    this.#decoder.close();
    this.#encoder.close();
    for (const listener of this.#closeListeners.splice(0)) listener();
  }

  #receive(chunk: Buffer): void {
    let frames: SpdyFrame[];
    try {
      frames = this.#reader.push(chunk);
    } catch (error) {
      return this.#protocolError(error);
    }
    for (const frame of frames) {
      this.#inbound = this.#inbound.then(() => (this.#closed ? undefined : this.#handle(frame))).catch((error: unknown) => this.#protocolError(error));
    }
  }

  #protocolError(error: unknown): void {
    if (this.#closed) return;
    if (!(error instanceof SpdyProtocolError)) {
      this.destroy();
      return;
    }
    this.#socket.write(encodeGoAway(this.#lastStreamId, SpdyGoAwayStatus.protocolError));
    this.#socket.end();
    this.#teardown();
  }

  async #handle(frame: SpdyFrame): Promise<void> {
    if (frame.kind === 'data') {
      const stream = this.#streams.get(frame.streamId);
      // Data on a stream already reset or forgotten: dropped, as spdystream drops it.
      if (stream === undefined) return;
      const more = stream.receive(frame.data, (frame.flags & spdyFlagFin) !== 0);
      if (!more && !this.#paused) {
        this.#paused = true;
        this.#socket.pause();
      }
      return;
    }
    if (frame.version !== spdyVersion) throw new SpdyProtocolError(`unsupported SPDY version ${frame.version}`);
    switch (frame.type) {
      case SpdyFrameType.synStream:
        return this.#synStream(frame.payload, frame.flags);
      case SpdyFrameType.synReply:
      case SpdyFrameType.headers:
        // Nothing to learn from them, but their header blocks continue the compression stream.
        controlStreamId(frame.payload);
        await this.#decoder.decode(frame.payload.subarray(4));
        return;
      case SpdyFrameType.rstStream: {
        const stream = this.#streams.get(controlStreamId(frame.payload));
        this.#streams.delete(controlStreamId(frame.payload));
        stream?.reset();
        return;
      }
      case SpdyFrameType.ping:
        if (frame.payload.length !== 4) throw new SpdyProtocolError('PING frame without a 4-byte id');
        // Odd ids are the client's pings, to be echoed; even ones would be answers to ours.
        if ((frame.payload.readUInt32BE(0) & 1) === 1) this.#send(Buffer.concat([Buffer.from([0x80, spdyVersion, 0, SpdyFrameType.ping, 0, 0, 0, 4]), frame.payload]));
        return;
      case SpdyFrameType.goAway:
        // The client opens nothing more; what is open finishes, and the owner closes the session.
        return;
      default:
        // SETTINGS, WINDOW_UPDATE and frame types of later drafts: ignored.
        return;
    }
  }

  async #synStream(payload: Buffer, flags: number): Promise<void> {
    if (payload.length < 10) throw new SpdyProtocolError(`SYN_STREAM of ${payload.length} bytes`);
    const id = controlStreamId(payload);
    const headers = await this.#decoder.decode(payload.subarray(10));
    if (id % 2 === 0 || id <= this.#lastStreamId) {
      this.#send(encodeRstStream(id, SpdyRstStatus.protocolError));
      return;
    }
    this.#lastStreamId = id;
    const stream = new SpdyStream(id, headers, {
      sendData: (streamId, data, fin, done) => this.#sendData(streamId, data, fin, done),
      sendReset: (streamId, status) => {
        if (!this.#closed) this.#send(encodeRstStream(streamId, status));
      },
      resumeReading: () => {
        if (!this.#paused) return;
        this.#paused = false;
        this.#socket.resume();
      },
      forget: (streamId) => void this.#streams.delete(streamId),
    });
    if (!this.#accept(stream)) {
      this.#send(encodeRstStream(id, SpdyRstStatus.cancel));
      return;
    }
    this.#streams.set(id, stream);
    const reply = this.#encoder.encode(new Map()).then((block) => encodeSynReply(id, block, false));
    this.#send(reply);
    if ((flags & spdyFlagFin) !== 0) stream.receive(Buffer.alloc(0), true);
  }

  #sendData(streamId: number, data: Buffer, fin: boolean, done: (error?: Error | null) => void): void {
    if (this.#closed) return done(new Error('SPDY session is closed'));
    this.#send(encodeDataFrame(streamId, data, fin), done);
  }

  /** Writes a frame after any reply still being compressed; `done` once the socket can take more. */
  #send(frame: Buffer | Promise<Buffer>, done?: (error?: Error | null) => void): void {
    const write = (bytes: Buffer): void => {
      if (this.#closed || this.#socket.destroyed) return done?.(new Error('SPDY session is closed'));
      if (this.#socket.write(bytes) || done === undefined) done?.();
      else this.#socket.once('drain', () => done());
    };
    if (this.#outbound === undefined && !(frame instanceof Promise)) return write(frame);
    const previous = this.#outbound ?? Promise.resolve();
    const next = previous
      .then(async () => write(await frame))
      .catch((error: unknown) => {
        done?.(error instanceof Error ? error : new Error(String(error)));
      });
    this.#outbound = next;
    void next.then(() => {
      if (this.#outbound === next) this.#outbound = undefined;
    });
  }
}

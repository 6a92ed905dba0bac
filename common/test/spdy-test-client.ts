// Test support: a SPDY/3.1 client played by hand over a TCP connection (raw frames, header blocks
// compressed as a peer must), for the tests of SPDY servers (common's session, the simulated
// runtime's streaming server).

import { connect, type Socket } from 'node:net';
import { encodeSynStream, SpdyFrameReader, type SpdyFrame } from '../src/net/spdy-frame.ts';
import { SpdyHeaderDecoder, SpdyHeaderEncoder } from '../src/net/spdy-header-block.ts';

/** The test's SPDY client: raw frames over a TCP connection, headers compressed as a peer must. */
export class SpdyTestClient {
  readonly socket: Socket;
  readonly frames: SpdyFrame[] = [];
  readonly encoder = new SpdyHeaderEncoder();
  readonly decoder = new SpdyHeaderDecoder();
  head = '';
  #reader = new SpdyFrameReader(0xffffff);
  #buffered = Buffer.alloc(0);
  #waiters: (() => void)[] = [];
  ended = false;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      if (this.head === '' || !this.head.includes('\r\n\r\n')) {
        this.#buffered = Buffer.concat([this.#buffered, chunk]);
        const end = this.#buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        this.head = this.#buffered.subarray(0, end + 4).toString('latin1');
        chunk = this.#buffered.subarray(end + 4);
      }
      this.frames.push(...this.#reader.push(chunk));
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.socket.on('end', () => {
      this.ended = true;
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  upgrade(protocols: string[], path = '/exec'): void {
    const offered = protocols.map((p) => `X-Stream-Protocol-Version: ${p}\r\n`).join('');
    this.socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: SPDY/3.1\r\n${offered}\r\n`);
  }

  async open(id: number, headers: Record<string, string>, fin = false): Promise<void> {
    const block = await this.encoder.encode(new Map(Object.entries(headers).map(([name, value]) => [name, [value]])));
    this.socket.write(encodeSynStream(id, block, fin));
  }

  /** Waits until `predicate` holds for the frames seen (or the connection ends). */
  async until(predicate: (frames: SpdyFrame[]) => boolean): Promise<SpdyFrame[]> {
    while (!predicate(this.frames)) {
      if (this.ended) throw new Error(`the connection ended; frames: ${JSON.stringify(this.frames.map(describe))}`);
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
    return this.frames;
  }

  close(): void {
    this.socket.destroy();
    this.encoder.close();
    this.decoder.close();
  }
}

export const describe = (frame: SpdyFrame): string =>
  frame.kind === 'data' ? `data ${frame.streamId} ${frame.flags} ${frame.data.toString()}` : `control ${frame.type} ${frame.flags}`;
export const isControl = (frame: SpdyFrame, type: number): frame is Extract<SpdyFrame, { kind: 'control' }> => frame.kind === 'control' && frame.type === type;
export const dataOf = (frames: SpdyFrame[], id: number): string =>
  frames
    .filter((frame): frame is Extract<SpdyFrame, { kind: 'data' }> => frame.kind === 'data' && frame.streamId === id)
    .map((frame) => frame.data.toString())
    .join('');
export const finOf = (frames: SpdyFrame[], id: number): boolean => frames.some((frame) => frame.kind === 'data' && frame.streamId === id && (frame.flags & 1) === 1);

// The SPDY/3.1 server session of common/src/net against a client played by the test over a real
// TCP connection: the upgrade's negotiation and refusals, SYN_REPLY before data, FIN both ways,
// refused and reset streams, pings, header compression shared across blocks, and protocol errors.
// (client-go itself drives the same code in e2e/test/clientgo-streams.test.ts.)

import test from 'ava';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { spdyHeaderDictionary } from '../src/net/spdy-dictionary.ts';
import { encodeDataFrame, encodePing, encodeRstStream, encodeSynStream, SpdyFrameReader, SpdyFrameType, type SpdyFrame } from '../src/net/spdy-frame.ts';
import { parseHeaderBlock, serializeHeaderBlock, SpdyHeaderDecoder, SpdyHeaderEncoder, spdyHeader } from '../src/net/spdy-header-block.ts';
import type { SpdyStream } from '../src/net/spdy-session.ts';
import { acceptSpdyUpgrade } from '../src/net/spdy-upgrade.ts';
import { dataOf, finOf, isControl, SpdyTestClient } from './spdy-test-client.ts';

/** A server whose streams echo what they read, upper-cased, then end; a stream with `refuse: yes` is refused. */
async function echoServer(t: { teardown(fn: () => void): void }): Promise<{ port: number; server: Server; streams: SpdyStream[] }> {
  const streams: SpdyStream[] = [];
  const server = createServer((_request, response) => response.writeHead(400).end());
  const sockets = new Set<Duplex>();
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    sockets.add(socket);
    const upgrade = acceptSpdyUpgrade(request, socket, head, ['v4.channel.k8s.io', 'v3.channel.k8s.io'], (stream) => {
      if (spdyHeader(stream.headers, 'refuse') === 'yes') return false;
      if (spdyHeader(stream.headers, 'burst') === 'yes') {
        // Once the reply is long sent: writes the stream still buffers when the session is closed at once.
        stream.once('data', () => {
          stream.write('one ');
          stream.write('two ');
          stream.end('three');
          upgrade?.session.close();
        });
        return true;
      }
      streams.push(stream);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => stream.end(Buffer.concat(chunks).toString().toUpperCase()));
      stream.on('error', () => {});
      return true;
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return { port: (server.address() as AddressInfo).port, server, streams };
}

test('the header dictionary is the SPDY/3 one (the Adler-32 that Go checks in the zlib header)', (t) => {
  let a = 1;
  let b = 0;
  for (const byte of spdyHeaderDictionary) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  t.is(spdyHeaderDictionary.length, 1423);
  t.is(((b << 16) | a) >>> 0, 3821447106);
});

test('header blocks continue one compression stream: each decodes only after the ones before it', async (t) => {
  const encoder = new SpdyHeaderEncoder();
  const decoder = new SpdyHeaderDecoder();
  t.teardown(() => (encoder.close(), decoder.close()));
  const first = await encoder.encode(new Map([['streamtype', ['stdout']]]));
  const second = await encoder.encode(
    new Map([
      ['streamtype', ['stdout']],
      ['port', ['8080', '9090']],
    ]),
  );
  // The second block refers back to the first: shorter than the first, though it says more.
  t.true(second.length < first.length + 10);
  t.deepEqual([...(await decoder.decode(first))], [['streamtype', ['stdout']]]);
  t.deepEqual(
    [...(await decoder.decode(second))],
    [
      ['streamtype', ['stdout']],
      ['port', ['8080', '9090']],
    ],
  );
  t.deepEqual([...parseHeaderBlock(serializeHeaderBlock(new Map([['A', ['b']]])))], [['a', ['b']]]);
  t.throws(() => parseHeaderBlock(Buffer.from([0, 0, 0, 1, 0, 0, 0, 9, 97])), { message: 'header block ends inside a name' });
});

test("a header block larger than zlib's 16 KiB of buffered output decodes; one that inflates past 1 MiB is refused", async (t) => {
  const encoder = new SpdyHeaderEncoder();
  const decoder = new SpdyHeaderDecoder();
  t.teardown(() => (encoder.close(), decoder.close()));
  const large = 'x'.repeat(100_000);
  t.deepEqual([...(await decoder.decode(await encoder.encode(new Map([['large', [large]]]))))], [['large', [large]]]);
  const bomb = await encoder.encode(new Map([['bomb', ['y'.repeat(2 << 20)]]]));
  t.true(bomb.length < 10_000);
  await t.throwsAsync(decoder.decode(bomb), { message: 'header block of more than 1048576 bytes' });
});

test('frames are read whole whatever the chunks they arrive in: byte by byte, and a 16 MiB frame in 4 KiB pieces without blocking the event loop', (t) => {
  const reader = new SpdyFrameReader(0xffffff);
  const small = Buffer.concat([encodeDataFrame(1, Buffer.from('one'), false), encodePing(3), encodeDataFrame(1, Buffer.alloc(0), true)]);
  const read: SpdyFrame[] = [];
  for (const byte of small) read.push(...reader.push(Buffer.from([byte])));
  t.deepEqual(
    read.map((frame) => (frame.kind === 'data' ? `data ${frame.data.toString()} ${frame.flags}` : `control ${frame.type}`)),
    ['data one 0', 'control 6', 'data  1'],
  );
  const large = encodeDataFrame(5, Buffer.alloc(0xffffff, 7), true);
  const frames: SpdyFrame[] = [];
  const started = performance.now();
  for (let offset = 0; offset < large.length; offset += 4096) frames.push(...reader.push(large.subarray(offset, offset + 4096)));
  const elapsed = performance.now() - started;
  t.log(`16 MiB frame in 4 KiB chunks: ${Math.round(elapsed)} ms`);
  // Joining the chunks once, not at each chunk: tens of ms rather than a minute of blocked event loop.
  t.true(elapsed < 5000, `${Math.round(elapsed)} ms`);
  t.is(frames.length, 1);
  t.is(frames[0]?.kind === 'data' ? frames[0].data.length : 0, 0xffffff);
  // A frame longer than allowed is refused from its header, before its payload is buffered.
  t.throws(() => new SpdyFrameReader(1024).push(Buffer.from([0, 0, 0, 1, 0, 0, 0x08, 0x00])), { message: 'frame of 2048 bytes is longer than 1024' });
});

test("the upgrade negotiates the client's first protocol the server has; a stream gets its SYN_REPLY before data, and FIN both ways", async (t) => {
  const { port } = await echoServer(t);
  const client = new SpdyTestClient(port);
  t.teardown(() => client.close());
  client.upgrade(['v5.channel.k8s.io', 'v3.channel.k8s.io, v4.channel.k8s.io']);
  await client.open(1, { streamtype: 'stdin' });
  client.socket.write(encodeDataFrame(1, Buffer.from('hello '), false));
  client.socket.write(encodeDataFrame(1, Buffer.from('spdy'), true));
  const frames = await client.until((seen) => finOf(seen, 1));
  t.regex(client.head, /^HTTP\/1\.1 101 Switching Protocols\r\n/);
  t.regex(client.head, /\r\nUpgrade: SPDY\/3\.1\r\n/);
  t.regex(client.head, /\r\nX-Stream-Protocol-Version: v3\.channel\.k8s\.io\r\n/);
  t.true(isControl(frames[0] as SpdyFrame, SpdyFrameType.synReply));
  const reply = frames[0] as Extract<SpdyFrame, { kind: 'control' }>;
  t.is(reply.payload.readUInt32BE(0), 1);
  t.deepEqual([...(await client.decoder.decode(reply.payload.subarray(4)))], []);
  t.is(dataOf(frames, 1), 'HELLO SPDY');
});

test('closing the session sends what ended streams still buffer, their FIN, then GOAWAY', async (t) => {
  const { port } = await echoServer(t);
  const client = new SpdyTestClient(port);
  t.teardown(() => client.close());
  client.upgrade(['v4.channel.k8s.io']);
  await client.open(1, { burst: 'yes' });
  await client.until((seen) => seen.some((frame) => isControl(frame, SpdyFrameType.synReply)));
  client.socket.write(encodeDataFrame(1, Buffer.from('go'), false));
  await once(client.socket, 'end');
  t.is(dataOf(client.frames, 1), 'one two three');
  t.true(finOf(client.frames, 1));
  t.true(isControl(client.frames.at(-1) as SpdyFrame, SpdyFrameType.goAway));
});

test('a refused stream is reset with CANCEL; a stream the client resets ends; pings are echoed', async (t) => {
  const { port, streams } = await echoServer(t);
  const client = new SpdyTestClient(port);
  t.teardown(() => client.close());
  client.upgrade(['v4.channel.k8s.io']);
  await client.open(1, { refuse: 'yes' });
  await client.open(3, { streamtype: 'stdout' });
  client.socket.write(encodePing(7));
  const frames = await client.until(
    (seen) =>
      seen.some((f) => isControl(f, SpdyFrameType.rstStream)) && seen.some((f) => isControl(f, SpdyFrameType.ping)) && seen.some((f) => isControl(f, SpdyFrameType.synReply)),
  );
  const reset = frames.find((f) => isControl(f, SpdyFrameType.rstStream)) as Extract<SpdyFrame, { kind: 'control' }>;
  t.deepEqual([reset.payload.readUInt32BE(0), reset.payload.readUInt32BE(4)], [1, 5]);
  t.is((frames.find((f) => isControl(f, SpdyFrameType.ping)) as Extract<SpdyFrame, { kind: 'control' }>).payload.readUInt32BE(0), 7);
  const stream = streams[0] as SpdyStream;
  const closed = once(stream, 'close');
  client.socket.write(encodeRstStream(3, 5));
  await closed;
  t.true(stream.resetByPeer);
});

test('refusals: no X-Stream-Protocol-Version is 400, no common protocol is 403 with the accepted ones', async (t) => {
  const { port } = await echoServer(t);
  const answer = async (protocols: string[]): Promise<string> => {
    const socket = connect(port, '127.0.0.1');
    t.teardown(() => socket.destroy());
    const offered = protocols.map((p) => `X-Stream-Protocol-Version: ${p}\r\n`).join('');
    socket.write(`POST /exec HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: SPDY/3.1\r\n${offered}\r\n`);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await once(socket, 'close');
    return text;
  };
  const none = await answer([]);
  t.regex(none, /^HTTP\/1\.1 400 Bad Request\r\n/);
  t.true(none.endsWith('\r\n\r\nunable to upgrade: header X-Stream-Protocol-Version does not exist in request with 2 headers\n'));
  const other = await answer(['v9.channel.k8s.io']);
  t.regex(other, /^HTTP\/1\.1 403 Forbidden\r\n/);
  t.regex(other, /X-Accepted-Stream-Protocol-Versions: v4\.channel\.k8s\.io\r\nX-Accepted-Stream-Protocol-Versions: v3\.channel\.k8s\.io\r\n/);
  t.true(other.endsWith('\r\n\r\nunable to upgrade: unable to negotiate protocol: client supports [v9.channel.k8s.io], server accepts [v4.channel.k8s.io v3.channel.k8s.io]\n'));
});

test('a frame of another SPDY version is a protocol error: GOAWAY and the connection ends', async (t) => {
  const { port } = await echoServer(t);
  const client = new SpdyTestClient(port);
  t.teardown(() => client.close());
  client.upgrade(['v4.channel.k8s.io']);
  // A SETTINGS frame of version 2.
  client.socket.write(Buffer.from([0x80, 2, 0, 4, 0, 0, 0, 4, 0, 0, 0, 0]));
  await once(client.socket, 'end');
  const goAway = client.frames.find((f) => isControl(f, SpdyFrameType.goAway)) as Extract<SpdyFrame, { kind: 'control' }>;
  t.is(goAway.payload.readUInt32BE(4), 1);
});

test('a header block that is not zlib is a protocol error, not a crash', async (t) => {
  const { port } = await echoServer(t);
  const client = new SpdyTestClient(port);
  t.teardown(() => client.close());
  client.upgrade(['v4.channel.k8s.io']);
  client.socket.write(encodeSynStream(1, Buffer.from('not zlib at all'), false));
  await once(client.socket, 'end');
  t.true(client.frames.some((f) => isControl(f, SpdyFrameType.goAway)));
});

// agnhost netexec on a pod's IP: HTTP on --http-port (8080) and UDP on --udp-port (8081, -1 for
// none), answering as agnhost 2.x does: `/` the time, /hostname, /echo?msg=&code=, /clientip,
// /serverport, /header, /healthz and /readyz (200 once the UDP server listens, 412 without one),
// /redirect, /dial (HTTP or UDP to another address, JSON of responses and errors), /shell?cmd=
// (`/bin/sh -c` through the shell imitation), /exit?code=&wait= and /shutdown (the process exits).
// --http-override answers every request as a GET of that path. Not served: /upload, TLS, SCTP.

import { createSocket } from 'node:dgram';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request as httpRequest } from 'node:http';
import { isIPv6 } from 'node:net';
import { parseDuration } from '@capstan/common';
import { listenHttp, listenUdp, serveOnPodIp } from './pod-listener.ts';
import { flagValue, intFlag } from './program-flags.ts';
import type { Output, ShellContext } from './shell-context.ts';

const textPlain = 'text/plain; charset=utf-8';

export async function netexec(args: readonly string[], context: ShellContext, io: Output): Promise<number> {
  const httpPort = intFlag(args, 'http-port', 8080);
  const udpPort = intFlag(args, 'udp-port', 8081);
  const override = flagValue(args, 'http-override') ?? '';
  io.stdout(`Started HTTP server on port ${httpPort}\n`);
  let exitWith: (code: number) => void = () => {};
  const exit = new Promise<number>((resolve) => (exitWith = resolve));
  const state: NetexecState = { context, httpPort, udpReady: false, exit: exitWith };
  return serveOnPodIp(
    context,
    io,
    async (ip, opened) => {
      if (udpPort !== -1) {
        opened.push(await listenUdp(ip, udpPort, (text, from) => udpAnswer(text, from, udpPort, context.hostname)));
        state.udpReady = true;
      }
      opened.push(
        await listenHttp(ip, httpPort, async (request, response) => {
          if (override !== '') request.url = override;
          await answer(request, response, state);
        }),
      );
    },
    { exit },
  );
}

interface NetexecState {
  readonly context: ShellContext;
  readonly httpPort: number;
  udpReady: boolean;
  readonly exit: (code: number) => void;
}

async function answer(request: IncomingMessage, response: ServerResponse, state: NetexecState): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://pod');
  const form = await formValues(request, url);
  const value = (name: string): string => form.get(name) ?? '';
  const text = (body: string, code = 200): void => {
    response.writeHead(code, { 'Content-Type': textPlain });
    response.end(body);
  };
  switch (url.pathname) {
    case '/hostname':
    case '/hostName':
      return text(state.context.hostname);
    case '/echo': {
      const code = value('code');
      if (code !== '' && !/^[+-]?\d+$/.test(code)) return text(`argument 'code' must be an integer or empty, got ${JSON.stringify(code)}\n`);
      return text(value('msg'), code === '' ? 200 : Number(code));
    }
    case '/clientip':
      return text(remoteAddr(request));
    case '/serverport':
      return text(String(state.httpPort));
    case '/header': {
      const key = value('key');
      if (key !== '') return text(String(request.headers[key.toLowerCase()] ?? ''));
      return text(JSON.stringify(goHeader(request)));
    }
    case '/healthz':
      response.writeHead(state.udpReady ? 200 : 412).end();
      return;
    case '/readyz':
      if (state.udpReady) return text('ok');
      response.writeHead(412).end();
      return;
    case '/redirect': {
      const code = value('code');
      if (code !== '' && !/^[+-]?\d+$/.test(code)) return text(`argument 'code' must be an integer or empty, got ${JSON.stringify(code)}\n`);
      response.writeHead(code === '' ? 302 : Number(code), { Location: value('location') }).end();
      return;
    }
    case '/shell':
      return text(await shell(value('shellCommand') || value('cmd'), state.context));
    case '/dial':
      return dial(url.searchParams, response);
    case '/exit':
      return exitHandler(value, response, state);
    case '/shutdown':
      response.destroy();
      state.exit(0);
      return;
    default:
      return text(`NOW: ${goNow()}`);
  }
}

/** Go's Request.FormValue sources: a url-encoded body (POST, PUT, PATCH) before the query. */
async function formValues(request: IncomingMessage, url: URL): Promise<URLSearchParams> {
  const form = new URLSearchParams();
  const contentType = request.headers['content-type'] ?? '';
  if (['POST', 'PUT', 'PATCH'].includes(request.method ?? '') && contentType.startsWith('application/x-www-form-urlencoded')) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) form.append(key, value);
  } else request.resume();
  for (const [key, value] of url.searchParams) form.append(key, value);
  return form;
}

/** Go's RemoteAddr: host:port, an IPv6 host in brackets. */
function remoteAddr(request: IncomingMessage): string {
  const address = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return `${isIPv6(address) ? `[${address}]` : address}:${request.socket.remotePort ?? 0}`;
}

/** The request's headers as Go's http.Header marshals: canonical names to lists of values. */
function goHeader(request: IncomingMessage): Record<string, string[]> {
  const header: Record<string, string[]> = {};
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = (request.rawHeaders[i] as string).toLowerCase().replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => dash + letter.toUpperCase());
    if (name === 'Host') continue;
    (header[name] ??= []).push(request.rawHeaders[i + 1] as string);
  }
  return header;
}

/** `sh -c cmd`'s output (stdout and stderr as printed) and error as netexec's JSON. */
async function shell(command: string, context: ShellContext): Promise<string> {
  // Loaded when used: the shell's programs include agnhost, which includes this server.
  const { runProgram } = await import('./shell.ts');
  let combined = '';
  const io: Output = { stdout: (t) => void (combined += t), stderr: (t) => void (combined += t) };
  const code = await runProgram(['/bin/sh', '-c', command], context, '', io);
  const output: Record<string, string> = {};
  if (code !== 0) output['error'] = `exit status ${code}`;
  if (combined !== '') output['output'] = combined;
  return JSON.stringify(output, Object.keys(output).sort());
}

function exitHandler(value: (name: string) => string, response: ServerResponse, state: NetexecState): void {
  const text = (body: string): void => void response.writeHead(200, { 'Content-Type': textPlain }).end(body);
  const wait = value('wait');
  const timeout = value('timeout');
  const code = value('code');
  const waitMs = wait === '' ? 0 : parseDuration(wait);
  if (timeout !== '' && parseDuration(timeout) === undefined) return text(`argument 'timeout' must be a valid golang duration or empty, got ${JSON.stringify(timeout)}\n`);
  if (waitMs === undefined) return text(`argument 'wait' must be a valid golang duration or empty, got ${JSON.stringify(wait)}\n`);
  if (code !== '' && !/^[+-]?\d+$/.test(code)) return text(`argument 'code' must be an integer [0-127] or empty, got ${JSON.stringify(code)}\n`);
  // os.Exit: the answer is never written.
  void (waitMs > 0 ? state.context.sleep(waitMs) : Promise.resolve()).then(
    () => {
      response.destroy();
      state.exit(code === '' ? 0 : Number(code));
    },
    () => response.destroy(),
  );
}

/** /dial?request=&protocol=http|udp&host=&port=&tries=: what each try got, as JSON. */
async function dial(query: URLSearchParams, response: ServerResponse): Promise<void> {
  const error = (message: string): void => void response.writeHead(400, { 'Content-Type': textPlain, 'X-Content-Type-Options': 'nosniff' }).end(`${message}\n`);
  const host = query.get('host') ?? '';
  const port = query.get('port') ?? '';
  const request = query.get('request') ?? '';
  const protocol = (query.get('protocol') ?? '').toLowerCase();
  const triesText = query.get('tries') ?? '';
  if (triesText !== '' && !/^[+-]?\d+$/.test(triesText)) return error(`tries parameter is invalid. strconv.Atoi: parsing ${JSON.stringify(triesText)}: invalid syntax`);
  const tries = triesText === '' ? 1 : Number(triesText);
  if (request === '') return error('request parameter not specified. <nil>');
  if (!['', 'http', 'udp'].includes(protocol)) return error(`unsupported protocol. ${protocol}`);
  if (!/^\d+$/.test(port) || Number(port) > 65535) return error(`host and/or port param are invalid. address ${host}:${port}: invalid port`);
  const responses: string[] = [];
  const errors: string[] = [];
  let last = '';
  for (let i = 0; i < tries; i++) {
    try {
      last = protocol === 'udp' ? await dialUdp(host, Number(port), request) : await dialHttp(host, Number(port), request);
      responses.push(last);
    } catch (failure) {
      last = '';
      errors.push(failure instanceof Error ? failure.message : String(failure));
    }
  }
  const output: Record<string, string[]> = {};
  if (errors.length > 0) output['errors'] = errors;
  if (last !== '') output['responses'] = responses;
  response.writeHead(200, { 'Content-Type': textPlain }).end(JSON.stringify(output));
}

function dialHttp(host: string, port: number, path: string): Promise<string> {
  const target = `http://${isIPv6(host) ? `[${host}]` : host}:${port}/${path}`;
  return new Promise((resolve, reject) => {
    const request = httpRequest(target, { timeout: 5000, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      answer.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`Get "${target}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`)));
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ECONNREFUSED' ? new Error(`Get "${target}": dial tcp ${host}:${port}: connect: connection refused`) : error),
    );
    request.end();
  });
}

function dialUdp(host: string, port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(isIPv6(host) ? 'udp6' : 'udp4');
    const done = (error: Error | undefined, text = ''): void => {
      clearTimeout(timer);
      socket.close();
      if (error === undefined) resolve(text);
      else reject(error);
    };
    const timer = setTimeout(() => done(new Error(`reading from udp connection failed. err:'read udp ${host}:${port}: i/o timeout'`)), 5000);
    socket.on('message', (message) => done(undefined, message.toString('utf8')));
    socket.on('error', (error) => done(new Error(`reading from udp connection failed. err:'${error.message}'`)));
    socket.send(request, port, host);
  });
}

/** netexec's UDP commands: hostname, echo <text>, clientip, serverport. */
function udpAnswer(received: string, from: { address: string; port: number }, udpPort: number, hostname: string): string | undefined {
  const text = received.trim().toLowerCase();
  if (text === 'hostname') return hostname;
  if (text.startsWith('echo ')) return text.slice(5);
  if (text === 'clientip') return `${from.address}:${from.port}`;
  if (text === 'serverport') return String(udpPort);
  return undefined;
}

/** time.Now() as Go's %v prints it: 2026-01-02 15:04:05.123 +0000 UTC. */
function goNow(): string {
  return `${new Date().toISOString().replace('T', ' ').replace('Z', '')} +0000 UTC`;
}

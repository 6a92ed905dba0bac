// agnhost test-webserver on a pod's IP: the container's files over HTTP on --port (80), as Go's
// http.FileServer of "/" serves them (a file's bytes, a directory's listing, 404 otherwise), with
// the CORS and Cache-Control headers agnhost adds.

import type { ServerResponse } from 'node:http';
import { listenHttp, serveOnPodIp } from './pod-listener.ts';
import { intFlag } from './program-flags.ts';
import { type Output, resolvePath, type ShellContext } from './shell-context.ts';

const agnhostHeaders = {
  'Cache-Control': 'private',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Credentials': 'true',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'DNT,X-Mx-ReqToken,Keep-Alive,User-Agent,X-Requested-With,Cache-Control,Content-Type',
};

export async function testWebserver(args: readonly string[], context: ShellContext, io: Output): Promise<number> {
  const port = intFlag(args, 'port', 80);
  io.stdout(`Serving on port ${port}.\n`);
  return serveOnPodIp(context, io, async (ip, opened) => {
    opened.push(
      await listenHttp(ip, port, (request, response) => {
        request.resume();
        serveFile(context, new URL(request.url ?? '/', 'http://pod').pathname, response, agnhostHeaders);
      }),
    );
  });
}

/** A container file or directory listing at `path` (Go's FileServer), 404 when there is none. */
export function serveFile(context: ShellContext, urlPath: string, response: ServerResponse, headers: Readonly<Record<string, string>>): void {
  const path = resolvePath(decodeURIComponent(urlPath), '/');
  const entries = context.listDirectory(path);
  if (entries !== undefined) {
    const links = entries
      .sort()
      .map((name) => `<a href="${encodeURIComponent(name)}">${escapeHtml(name)}</a>\n`)
      .join('');
    response
      .writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' })
      .end(`<!doctype html>\n<meta name="viewport" content="width=device-width">\n<pre>\n${links}</pre>\n`);
    return;
  }
  const bytes = context.readBytes(path);
  if (bytes === undefined) {
    response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }).end('404 page not found\n');
    return;
  }
  response.writeHead(200, { ...headers, 'Content-Type': contentType(path) }).end(bytes);
}

function contentType(path: string): string {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const types: Readonly<Record<string, string>> = {
    html: 'text/html; charset=utf-8',
    htm: 'text/html; charset=utf-8',
    css: 'text/css; charset=utf-8',
    js: 'text/javascript; charset=utf-8',
    json: 'application/json',
    txt: 'text/plain; charset=utf-8',
  };
  return types[extension] ?? 'text/plain; charset=utf-8';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// What a connection whose request cannot be read is answered (headers past the 1 MiB limit, a
// request line that is no HTTP): Go's net/http answer, written and then closed gracefully. Node's
// own handler destroys the socket right after its write, which on a TLS connection throws the
// answer away before it is encrypted and sent: the client saw a reset instead of kube's 431.

import type { Duplex } from 'node:stream';

/** How long a connection that was answered an error may still send before it is cut (Go waits 500 ms before its close). */
const lingerMs = 5_000;

/** The status lines Node's own handler answers; 400 for anything else. */
const answers: Readonly<Record<string, string>> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** Connections answered already: the parser reports its error again for each later chunk of the request. */
const answered = new WeakSet<Duplex>();

/** The server's 'clientError' listener. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  // Nothing can be written to a connection the client reset, or whose answer has begun.
  if (error.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage?.headersSent === true) {
    socket.destroy();
    return;
  }
  const status = answers[error.code ?? ''] ?? '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${status}`);
  // What the client still sends is read and dropped, so that the close does not reset the answer away.
  socket.resume();
  const cut = setTimeout(() => socket.destroy(), lingerMs);
  socket.once('close', () => clearTimeout(cut));
}

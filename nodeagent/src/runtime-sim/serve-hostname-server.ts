// agnhost serve-hostname on a pod's IP: the pod's hostname on --port (9376) over HTTP (the default),
// or written raw on each TCP connection (--tcp) and UDP datagram (--udp); --close makes each HTTP
// answer close its connection.

import { listenHttp, listenTcp, listenUdp, serveOnPodIp } from './pod-listener.ts';
import { boolFlag, intFlag } from './program-flags.ts';
import type { Output, ShellContext } from './shell-context.ts';

export async function serveHostname(args: readonly string[], context: ShellContext, io: Output): Promise<number> {
  const port = intFlag(args, 'port', 9376);
  const tcp = boolFlag(args, 'tcp', false);
  const udp = boolFlag(args, 'udp', false);
  const http = boolFlag(args, 'http', true);
  const close = boolFlag(args, 'close', false);
  if (http && (tcp || udp)) {
    io.stderr("Can't server TCP/UDP mode and HTTP mode at the same time\n");
    return 1;
  }
  const hostname = context.hostname;
  return serveOnPodIp(context, io, async (ip, opened) => {
    if (tcp) opened.push(await listenTcp(ip, port, (socket) => socket.end(hostname)));
    if (udp) opened.push(await listenUdp(ip, port, () => hostname));
    if (http)
      opened.push(
        await listenHttp(ip, port, (request, response) => {
          request.resume();
          response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', ...(close && { Connection: 'close' }) }).end(hostname);
        }),
      );
    io.stderr(`Serving on port ${port}.\n`);
  });
}

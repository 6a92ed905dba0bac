// A port for a process `capstan up` starts: kube's usual one when it is free (10250 for the first
// node agent, 10257 for the controllers), else any free port, so that clusters run side by side.

import { createServer } from 'node:net';

export async function preferredOrFreePort(preferred: number): Promise<number> {
  const tryListen = (port: number): Promise<number | undefined> =>
    new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, () => {
        const { port: bound } = server.address() as { port: number };
        server.close(() => resolve(bound));
      });
    });
  return (await tryListen(preferred)) ?? ((await tryListen(0)) as number);
}

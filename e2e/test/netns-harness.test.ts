// The multi-host harness itself (e2e/src/netns): hosts reach each other and the root namespace
// over the bridge, a partitioned host is unreachable until healed, and nothing is left behind:
// not after destroy(), not when the test process is interrupted (SIGINT), and not after one that
// was killed outright (the next run's sweep). Needs root and iproute2: skipped without them
// (with the reason), failed under CI.

import test from 'ava';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HostNetwork } from '../src/netns/host-network.ts';
import { spawnInHost, untilStarted } from '../src/netns/host-process.ts';
import { ip, ipQuietly, netnsUnavailableReason } from '../src/netns/ip-command.ts';
import { eventually } from '../../common/test/eventually.ts';
import { sweepStaleRuns } from '../src/netns/stale-sweep.ts';

const unavailable = netnsUnavailableReason();
const hostNetwork = join(import.meta.dirname, '..', 'src', 'netns', 'host-network.ts');
const namespaces = (): string[] =>
  ipQuietly('netns', 'list')
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter(Boolean);
const links = (): string[] => [...ipQuietly('-o', 'link', 'show').matchAll(/^\d+: ([^:@\s]+)/gm)].map((match) => match[1] as string);

/** What a TCP server at address:port says first, or the error code of the connection. */
const greeting = (address: string, port: number): Promise<string> =>
  new Promise((resolve) => {
    const socket = connect({ host: address, port, timeout: 2000 });
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    socket.once('end', () => resolve(text));
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

/** A server in the host that greets with its host's name. */
const greeter = (network: HostNetwork, name: string) => {
  const host = network.host(name);
  const script = `require('node:net').createServer((s) => s.end(${JSON.stringify(name)})).listen(7000, ${JSON.stringify(host.ip)}, () => console.log('listening'))`;
  const server = spawnInHost(host, process.execPath, ['-e', script], join(network.dir, name));
  return untilStarted(server, `the greeter on ${name}`, () => eventually('the greeter', async () => (server.stdout().includes('listening') ? server : undefined))).then(
    () => server,
  );
};

/** A child process that makes a network of two hosts, prints their namespaces and waits. */
const networkInChild = async () => {
  const script = `import { HostNetwork } from ${JSON.stringify(hostNetwork)}; const network = HostNetwork.create(['one', 'two']); console.log(JSON.stringify(network.hosts.map((host) => host.namespace))); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const made = await new Promise<string[]>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve(JSON.parse(out) as string[]);
    });
    child.once('exit', (code) => reject(new Error(`the child exited with ${code}`)));
  });
  return { child, exited, made };
};

if (unavailable !== undefined && process.env.CI === undefined) {
  console.log(`netns-harness: skipped: ${unavailable}`);
  test.skip(`the multi-host harness (skipped: ${unavailable})`, () => {});
} else if (unavailable !== undefined) {
  test('the multi-host harness can run under CI', (t) => t.fail(`CI runs the multi-host tests, but ${unavailable}`));
} else {
  test.serial('hosts reach each other over the bridge; a partitioned host is cut off until healed; destroy() leaves nothing', async (t) => {
    const network = HostNetwork.create(['alpha', 'beta']);
    t.teardown(() => network.destroy());
    const [alpha, beta] = network.hosts;
    t.regex(network.subnet, /^10\.\d+\.\d+\.0\/24$/);
    t.not(alpha?.ip, beta?.ip);
    const server = await greeter(network, 'alpha');
    t.is(await greeting(alpha?.ip as string, 7000), 'alpha', 'from the root namespace');
    const fromBeta = spawnSync(
      'nsenter',
      [
        `--net=/run/netns/${beta?.namespace}`,
        process.execPath,
        '-e',
        `require('node:net').connect(7000, ${JSON.stringify(alpha?.ip)}).setEncoding('utf8').on('data', (d) => console.log(d))`,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    t.is(fromBeta.stdout.trim(), 'alpha', 'from another host');

    network.partition('alpha');
    t.not(await greeting(alpha?.ip as string, 7000), 'alpha', 'partitioned');
    network.heal('alpha');
    t.is(await eventually('alpha back', async () => ((await greeting(alpha?.ip as string, 7000)) === 'alpha' ? 'alpha' : undefined)), 'alpha');

    network.destroy();
    await eventually('the greeter killed', async () => (server.child.exitCode !== null || server.child.signalCode !== null ? true : undefined));
    t.false(namespaces().some((name) => name === alpha?.namespace || name === beta?.namespace));
    t.false(links().some((link) => link === alpha?.link || link === beta?.link || link.startsWith(`cs${process.pid}br`)));
    t.false(existsSync(network.dir));
  });

  test.serial('an interrupted test process removes its hosts; those of a killed one are swept by the next run, not those of live runs', async (t) => {
    const interrupted = await networkInChild();
    t.true(interrupted.made.every((name) => namespaces().includes(name)));
    interrupted.child.kill('SIGINT');
    await interrupted.exited;
    t.false(
      namespaces().some((name) => interrupted.made.includes(name)),
      'gone with SIGINT',
    );

    const killed = await networkInChild();
    killed.child.kill('SIGKILL');
    await killed.exited;
    t.true(
      killed.made.every((name) => namespaces().includes(name)),
      'left behind by SIGKILL',
    );
    const staleDir = mkdtempSync(join(tmpdir(), `capstan-netns-${killed.child.pid}-`));
    // A live run's (pid 1 is always there) is no leftover.
    ip('netns', 'add', 'capstan-1-live');
    t.teardown(() => ipQuietly('netns', 'delete', 'capstan-1-live'));

    const removed = sweepStaleRuns();
    t.false(namespaces().some((name) => killed.made.includes(name)));
    t.false(links().some((link) => link.startsWith(`cs${killed.child.pid}`)));
    t.false(existsSync(staleDir));
    t.true(namespaces().includes('capstan-1-live'));
    t.true(removed.includes(`namespace ${killed.made[0]}`));
  });
}

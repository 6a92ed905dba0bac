// The systemd conversation against a NOTIFY_SOCKET of the test's own: a unix datagram socket in a
// temporary directory, bound with node-unix-socket (Node's core has no AF_UNIX datagrams), which
// also receives what systemd's own systemd-notify sends, so the listener reads the real format.

import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DgramSocket } from 'node-unix-socket';
import { notifySocketAddress, openSystemdService, SystemdNotifier, watchdogFromEnvironment } from '../src/systemd/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const node = process.execPath;

interface Received {
  readonly at: number;
  readonly assignments: readonly string[];
}

class NotifyListener {
  readonly received: Received[] = [];
  readonly #socket = new DgramSocket();
  readonly #waiters: Array<() => void> = [];

  constructor(address: string) {
    this.#socket.bind(address);
    this.#socket.on('data', (buffer: Buffer) => {
      this.received.push({
        at: performance.now(),
        assignments: buffer
          .toString()
          .split('\n')
          .filter((line) => line !== ''),
      });
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  /** Messages holding an assignment ("WATCHDOG=1") or starting with a prefix ("STATUS="). */
  with(text: string): Received[] {
    return this.received.filter((message) => message.assignments.some((assignment) => (text.endsWith('=') ? assignment.startsWith(text) : assignment === text)));
  }

  async waitFor(text: string, count = 1, timeoutMs = 10_000): Promise<Received[]> {
    const deadline = performance.now() + timeoutMs;
    while (this.with(text).length < count) {
      if (performance.now() > deadline) throw new Error(`no ${count} x ${text} within ${timeoutMs}ms; got ${JSON.stringify(this.received.map((m) => m.assignments))}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.with(text);
  }

  close(): void {
    this.#socket.close();
  }
}

function withListener(): { listener: NotifyListener; path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-notify-'));
  const path = join(dir, 'notify.sock');
  const listener = new NotifyListener(path);
  return {
    listener,
    path,
    cleanup: () => {
      listener.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const gapsBetween = (messages: readonly Received[]): number[] => messages.slice(1).map((message, i) => message.at - (messages[i] as Received).at);

test('WATCHDOG_USEC: unset or 0 turns the watchdog off, below one second is refused, another WATCHDOG_PID is not ours', (t) => {
  t.deepEqual(watchdogFromEnvironment({}, 42), { enabled: false });
  t.deepEqual(watchdogFromEnvironment({ WATCHDOG_USEC: '0' }, 42), { enabled: false });
  t.deepEqual(watchdogFromEnvironment({ WATCHDOG_USEC: '15000000' }, 42), { enabled: true, timeoutUsec: 15_000_000, pingIntervalMs: 7500 });
  t.deepEqual(watchdogFromEnvironment({ WATCHDOG_USEC: '1000000', WATCHDOG_PID: '42' }, 42), { enabled: true, timeoutUsec: 1_000_000, pingIntervalMs: 500 });
  t.deepEqual(watchdogFromEnvironment({ WATCHDOG_USEC: '15000000', WATCHDOG_PID: '7' }, 42), { enabled: false });
  t.deepEqual(watchdogFromEnvironment({ WATCHDOG_USEC: '999999' }, 42), {
    error:
      'WATCHDOG_USEC=999999 (WatchdogSec=999.999ms) is refused: the watchdog timeout must be at least 1s, so that a ping every half of it survives a busy moment; set WatchdogSec= to 1s or more, or to 0 to turn the watchdog off',
  });
  t.deepEqual(watchdogFromEnvironment({ WATCHDOG_USEC: '15s' }, 42), { error: 'WATCHDOG_USEC="15s" is not a whole number of microseconds' });
});

test('NOTIFY_SOCKET names a path or an abstract socket', (t) => {
  t.is(notifySocketAddress(undefined), undefined);
  t.is(notifySocketAddress(''), undefined);
  t.is(notifySocketAddress('/run/systemd/notify'), '/run/systemd/notify');
  t.is(notifySocketAddress('@/org/example/notify'), '\0/org/example/notify');
  t.is(t.throws(() => notifySocketAddress('vsock:2:1234'))?.message, 'NOTIFY_SOCKET=vsock:2:1234 is not a unix socket path or abstract socket name');
});

test('without NOTIFY_SOCKET the notifier does nothing', async (t) => {
  const notifier = await SystemdNotifier.open({});
  t.false(notifier.enabled);
  await notifier.ready();
  notifier.startWatchdog({ enabled: true, timeoutUsec: 1_000_000, pingIntervalMs: 500 }, () => []);
  await notifier.stopping();
  t.pass();
});

test.serial('READY=1, then WATCHDOG=1 every WatchdogSec/2 while healthy, withheld while not, and STOPPING=1 ends the pings', async (t) => {
  const { listener, path, cleanup } = withListener();
  try {
    const env = { NOTIFY_SOCKET: path, WATCHDOG_USEC: '1000000' };
    const notifier = await SystemdNotifier.open(env);
    t.true(notifier.enabled);
    t.is(notifier.senderKind, 'datagram');
    await notifier.ready('registered node n1');
    const [ready] = await listener.waitFor('READY=1');
    t.deepEqual(ready?.assignments, ['READY=1', 'STATUS=registered node n1']);

    let failures: string[] = [];
    const withheld: string[][] = [];
    const setting = watchdogFromEnvironment(env);
    t.like(setting, { enabled: true, pingIntervalMs: 500 });
    notifier.startWatchdog(setting, () => failures, { onUnhealthy: (f) => withheld.push([...f]) });
    const pings = await listener.waitFor('WATCHDOG=1', 6);
    const gaps = gapsBetween(pings.slice(0, 6));
    t.log(`ping gaps (ms): ${gaps.map((gap) => gap.toFixed(0)).join(' ')}`);
    for (const gap of gaps) t.true(gap > 350 && gap < 950, `gap ${gap.toFixed(0)}ms: every 500ms and always inside the 1s timeout`);

    failures = ['PLEG is not healthy: pleg was last seen active 3m0s ago; threshold is 3m0s'];
    await listener.waitFor('STATUS=');
    const pingsBefore = listener.with('WATCHDOG=1').length;
    await sleep(1300);
    t.is(listener.with('WATCHDOG=1').length, pingsBefore, 'no ping while a health check fails, so systemd would restart the process');
    t.deepEqual(listener.with('STATUS=').at(-1)?.assignments, ['STATUS=watchdog pings withheld: PLEG is not healthy: pleg was last seen active 3m0s ago; threshold is 3m0s']);
    t.true(withheld.length >= 2);

    failures = [];
    await listener.waitFor('WATCHDOG=1', pingsBefore + 2);
    t.true(listener.received.some((message) => message.assignments.join('\n') === 'WATCHDOG=1\nSTATUS=health checks pass'));

    await notifier.stopping('shutting down');
    const [stopping] = await listener.waitFor('STOPPING=1');
    t.deepEqual(stopping?.assignments, ['STOPPING=1', 'STATUS=shutting down']);
    const pingsAtStop = listener.with('WATCHDOG=1').length;
    await sleep(1100);
    t.is(listener.with('WATCHDOG=1').length, pingsAtStop, 'no ping after STOPPING=1');
  } finally {
    cleanup();
  }
});

test.serial("a server's systemd service: a too short WatchdogSec is refused before anything starts, READY=1 starts the pings, and no READY=1 follows STOPPING=1", async (t) => {
  const { listener, path, cleanup } = withListener();
  try {
    await t.throwsAsync(openSystemdService({}, { NOTIFY_SOCKET: path, WATCHDOG_USEC: '500000' }), { message: /^WATCHDOG_USEC=500000 \(WatchdogSec=500ms\) is refused/ });
    const service = await openSystemdService({}, { NOTIFY_SOCKET: path, WATCHDOG_USEC: '1000000' });
    await service.ready('serving', () => []);
    await listener.waitFor('WATCHDOG=1', 2);
    t.deepEqual(listener.received[0]?.assignments, ['READY=1', 'STATUS=serving']);
    await service.stopping('shutting down');
    // A readiness that comes after the shutdown began says nothing: the next message is the second STOPPING=1.
    await service.ready('too late', () => []);
    await service.stopping('again');
    await listener.waitFor('STOPPING=1', 2);
    t.is(listener.with('READY=1').length, 1);
  } finally {
    cleanup();
  }
});

test.serial('the systemd-notify fallback reaches the same socket, and systemd-notify itself speaks the format the listener reads', async (t) => {
  const { listener, path, cleanup } = withListener();
  try {
    // Asynchronously: systemd-notify waits for the listener to take its BARRIER=1 message.
    await promisify(execFile)('systemd-notify', ['STATUS=from systemd-notify'], { env: { ...process.env, NOTIFY_SOCKET: path } });
    t.deepEqual((await listener.waitFor('STATUS='))[0]?.assignments, ['STATUS=from systemd-notify']);
    const notifier = await SystemdNotifier.open({ NOTIFY_SOCKET: path }, { prefer: 'systemd-notify' });
    t.is(notifier.senderKind, 'systemd-notify');
    const started = performance.now();
    await notifier.ready();
    t.log(`one systemd-notify READY=1: ${(performance.now() - started).toFixed(1)}ms`);
    await listener.waitFor('READY=1');
    await notifier.notify('WATCHDOG=1');
    await listener.waitFor('WATCHDOG=1');
    const broken = await SystemdNotifier.open({ NOTIFY_SOCKET: path }, { prefer: 'systemd-notify', command: '/nonexistent/systemd-notify' });
    await t.throwsAsync(broken.ready(), { message: /^\/nonexistent\/systemd-notify READY=1: / });
  } finally {
    cleanup();
  }
});

test.serial('an abstract NOTIFY_SOCKET ("@name") is reached too', async (t) => {
  const name = `capstan-notify-test-${process.pid}-${Date.now()}`;
  const listener = new NotifyListener(`\0${name}`);
  try {
    const notifier = await SystemdNotifier.open({ NOTIFY_SOCKET: `@${name}` });
    await notifier.ready();
    await listener.waitFor('READY=1');
    t.pass();
  } finally {
    listener.close();
  }
});

test.serial('a separate process pings on its own schedule and says STOPPING=1 when terminated', async (t) => {
  const { listener, path, cleanup } = withListener();
  const script = `
    import { SystemdNotifier, watchdogFromEnvironment } from ${JSON.stringify(join(repo, 'common', 'src', 'systemd', 'index.ts'))};
    const notifier = await SystemdNotifier.open();
    const setting = watchdogFromEnvironment();
    if ('error' in setting) { console.error(setting.error); process.exit(3); }
    await notifier.ready();
    notifier.startWatchdog(setting, () => []);
    const keepAlive = setInterval(() => {}, 60_000);
    process.on('SIGTERM', async () => { await notifier.stopping(); clearInterval(keepAlive); });
  `;
  try {
    const child = spawn(node, ['--input-type=module', '-e', script], {
      env: { ...process.env, NOTIFY_SOCKET: path, WATCHDOG_USEC: '1000000', WATCHDOG_PID: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await listener.waitFor('READY=1', 1, 20_000);
    const pings = await listener.waitFor('WATCHDOG=1', 4, 10_000);
    for (const gap of gapsBetween(pings)) t.true(gap > 350 && gap < 950, `gap ${gap.toFixed(0)}ms`);
    child.kill('SIGTERM');
    await listener.waitFor('STOPPING=1');
    t.is(await exited, 0, stderr);

    const refused = spawn(node, ['--input-type=module', '-e', script], {
      env: { ...process.env, NOTIFY_SOCKET: path, WATCHDOG_USEC: '500000' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let refusal = '';
    refused.stderr.on('data', (chunk: Buffer) => (refusal += chunk.toString()));
    t.is(await new Promise<number | null>((resolve) => refused.on('exit', (code) => resolve(code))), 3);
    t.regex(refusal, /WATCHDOG_USEC=500000 \(WatchdogSec=500ms\) is refused: the watchdog timeout must be at least 1s/);
  } finally {
    cleanup();
  }
});

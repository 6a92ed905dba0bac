// The units of deploy/systemd under a real systemd: `capstan install --root` lays a host out, systemd
// (PID 1 of namespaces of the test's own, systemd-host.ts) starts the API server, the controllers
// and the agent (on the simulated runtime), hears READY=1 once they are ready, WATCHDOG=1 every WatchdogSec/2, STOPPING=1 at
// stop, and restarts a process that misses its watchdog. The real kubectl 1.35 reads /readyz and
// the controllers' leader Lease with the kubeconfigs install wrote.

import test from 'ava';
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from '../../common/test/eventually.ts';
import { preferredOrFreePort } from '../src/preferred-port.ts';
import { SystemdHost, systemdUnavailable } from './systemd-host.ts';

const run = promisify(execFile);
const repo = join(import.meta.dirname, '..', '..');
const capstan = join(repo, 'bin', 'capstan');

// The e2e package's kubectl 1.35 (the project references do not let deploy import e2e's modules statically).
const kubectlModule = join(repo, 'e2e', 'src', 'kubectl-binary.ts');
const kubectlBinary = async (): Promise<string> => ((await import(kubectlModule)) as { kubectlBinary: () => string }).kubectlBinary();

const units = ['capstan-apiserver.service', 'capstan-controllers.service', 'capstan-agent.service'];

test('every unit is a notify service with a watchdog that restarts on failure, reads both flags files, and systemd-analyze accepts every line', (t) => {
  for (const name of units) {
    const unit = readFileSync(join(repo, 'deploy', 'systemd', name), 'utf8');
    const service = unit.slice(unit.indexOf('[Service]'), unit.indexOf('[Install]')).split('\n');
    for (const line of ['Type=notify', 'Restart=on-failure', 'NotifyAccess=all']) t.true(service.includes(line), `${name}: ${line}`);
    t.true(
      service.some((line) => /^WatchdogSec=\d+s$/.test(line)),
      `${name}: WatchdogSec=`,
    );
    const component = name.replace(/^capstan-|\.service$/g, '');
    const variable = `CAPSTAN_${component.toUpperCase()}`;
    t.true(service.includes(`EnvironmentFile=-/etc/capstan/${component}.env`), `${name}: the installer's flags`);
    t.true(service.includes(`EnvironmentFile=-/etc/default/capstan-${component}`), `${name}: the administrator's flags`);
    // The administrator's flags come last, so that they win over the installer's.
    t.regex(unit, new RegExp(`^ExecStart=/usr/local/bin/capstan ${component} [^]*\\$${variable}_ARGS \\$${variable}_EXTRA_ARGS$`, 'm'), name);
  }
  const dir = mkdtempSync(join(tmpdir(), 'capstan-units-'));
  try {
    // systemd-analyze checks that ExecStart's program exists: point it at this checkout's.
    const copies = units.map((name) => {
      const copy = join(dir, name);
      writeFileSync(copy, readFileSync(join(repo, 'deploy', 'systemd', name), 'utf8').replace(/^ExecStart=\S+/m, `ExecStart=${capstan}`));
      return copy;
    });
    const output = execFileSync('sh', ['-c', `systemd-analyze verify ${copies.join(' ')} 2>&1`], { encoding: 'utf8' });
    t.is(output, '', 'no unknown key, bad value or other complaint');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const unavailable = systemdUnavailable();
const realSystemd = unavailable === undefined ? test.serial : test.serial.skip;
if (unavailable !== undefined) console.log(`real systemd cannot run here (${unavailable}): its test is skipped`);

/**
 * The last resort of every wait below, which all wait on a signal (a notification, a log line): a
 * component's start on a loaded CI machine (Node compiling the sources, several test files at
 * once) has taken over a minute.
 */
const startDeadlineMs = 240_000;

/** What systemd logged of a unit lately, for a failure's message. */
const unitLog = (log: string, unit: string): string =>
  log
    .split('\n')
    .filter((line) => line.includes(unit) && !line.includes('WATCHDOG=1'))
    .slice(-15)
    .join('\n');

/** "Got notification message from PID 123 (READY=1, STATUS=...)" lines of a unit, in order. */
function notifications(log: string, unit: string): string[] {
  const prefix = `${unit}: Got notification message from PID `;
  return log
    .split('\n')
    .filter((line) => line.includes(prefix))
    .map((line) => line.slice(line.indexOf(prefix) + prefix.length));
}

/**
 * Waits for the unit's first notification starting with `message` from a PID `pid` accepts, and
 * answers that PID. It reads systemd's log, not systemctl: each systemctl call is a D-Bus
 * connection that systemd logs at length at debug level, and polling would flood it.
 */
async function notified(host: SystemdHost, unit: string, message: string, pid: (pid: string) => boolean = () => true): Promise<string> {
  return eventually(
    `${unit}: ${message}`,
    async () => {
      for (const line of notifications(host.log(), unit)) {
        const from = line.slice(0, line.indexOf(' '));
        if (line.startsWith(`${from} (${message}`) && pid(from)) return from;
      }
      return undefined;
    },
    startDeadlineMs,
  ).catch((error: Error) => {
    throw new Error(
      `${error.message}; heard: ${JSON.stringify(notifications(host.log(), unit).filter((line) => !line.endsWith('(WATCHDOG=1)')))}; systemd logged:\n${unitLog(host.log(), unit)}`,
    );
  });
}

/** Waits for a line of systemd's log. */
const logged = (host: SystemdHost, text: string): Promise<true> => eventually(text, async () => (host.log().includes(text) ? true : undefined), startDeadlineMs);

realSystemd('systemd starts the installed units, hears READY once each is ready, restarts one that misses its watchdog, and hears STOPPING at stop', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-systemd-'));
  const upper = join(dir, 'root');
  let host: SystemdHost | undefined;
  t.teardown(async () => {
    await host?.stop();
    // CAPSTAN_KEEP_SYSTEMD_TEST=1 keeps systemd's log (systemd.log) and the units' output (root/var/log) to read.
    if (process.env['CAPSTAN_KEEP_SYSTEMD_TEST'] === undefined) rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  });
  const port = await preferredOrFreePort(0);
  const controllersPort = await preferredOrFreePort(0);
  await run(capstan, ['install', `--root=${upper}`, `--capstan=${capstan}`, `--apiserver-bind-port=${port}`, '--node-name=test-node'], { timeout: 120_000 });
  // The conventions an administrator follows: their own flags in /etc/default, unit settings in a
  // drop-in (a short watchdog, so that the test sees pings and a timeout quickly).
  writeFileSync(join(upper, 'etc', 'default', 'capstan-controllers'), `CAPSTAN_CONTROLLERS_EXTRA_ARGS="--secure-port=${controllersPort}"\n`);
  for (const unit of ['capstan-apiserver.service', 'capstan-controllers.service']) {
    mkdirSync(join(upper, 'etc', 'systemd', 'system', `${unit}.d`));
    writeFileSync(join(upper, 'etc', 'systemd', 'system', `${unit}.d`, 'test.conf'), '[Service]\nWatchdogSec=4s\nRestartSec=1s\nStandardOutput=append:/var/log/%N.log\n');
  }
  // The agent runs on the simulated runtime, a unit of the test's own; its configuration is the
  // administrator's (install wrote containerd's endpoint), and this host has cgroup v1 hierarchies.
  const agentPort = await preferredOrFreePort(0);
  writeFileSync(
    join(upper, 'etc', 'systemd', 'system', 'capstan-runtime-sim.service'),
    `[Service]\nExecStart=${capstan} runtime-sim --listen=unix:///run/capstan-runtime-sim.sock --root-dir=/var/lib/capstan-runtime-sim\n`,
  );
  const agentConfig = join(upper, 'etc', 'capstan', 'agent-config.yaml');
  writeFileSync(
    agentConfig,
    `${readFileSync(agentConfig, 'utf8').replace('unix:///run/containerd/containerd.sock', 'unix:///run/capstan-runtime-sim.sock')}port: ${agentPort}\nhealthzPort: 0\nfailCgroupV1: false\nfailSwapOn: false\n`,
  );
  host = await SystemdHost.boot(dir, upper);
  const systemd = host;

  // A notify unit's start returns once READY=1 has come.
  await systemd.systemctl('start', 'capstan-apiserver.service');
  const kubectl = await kubectlBinary();
  const admin = join(upper, 'etc', 'capstan', 'admin.kubeconfig');
  const readyz = async (): Promise<string> => (await run(kubectl, [`--kubeconfig=${admin}`, 'get', '--raw', '/readyz'], { encoding: 'utf8', timeout: 30_000 })).stdout;
  t.is(await readyz(), 'ok', 'READY=1 came once /readyz answers ok');
  t.deepEqual(await systemd.properties('capstan-apiserver.service', 'ActiveState', 'StatusText'), {
    ActiveState: 'active',
    StatusText: `serving on https://127.0.0.1:${port}`,
  });
  const firstPid = (await systemd.properties('capstan-apiserver.service', 'MainPID'))['MainPID'] ?? '';
  t.is(await notified(systemd, 'capstan-apiserver.service', 'READY=1'), firstPid);
  // WatchdogSec=4s: a ping every 2 s from the main process.
  const pings = await eventually('three watchdog pings', async () => {
    const found = notifications(systemd.log(), 'capstan-apiserver.service').filter((message) => message === `${firstPid} (WATCHDOG=1)`);
    return found.length >= 3 ? found : undefined;
  });
  t.true(pings.length >= 3);

  // A stopped process sends no ping: systemd times the watchdog out and starts it again.
  await systemd.exec('kill', '-STOP', firstPid);
  await logged(systemd, 'capstan-apiserver.service: Watchdog timeout (limit 4s)!');
  const restartedPid = await notified(systemd, 'capstan-apiserver.service', 'READY=1', (pid) => pid !== firstPid);
  t.deepEqual(await systemd.properties('capstan-apiserver.service', 'ActiveState', 'MainPID', 'NRestarts'), { ActiveState: 'active', MainPID: restartedPid, NRestarts: '1' });
  t.is(await readyz(), 'ok');

  await systemd.systemctl('start', 'capstan-controllers.service');
  const controllersFirstPid = await notified(systemd, 'capstan-controllers.service', 'READY=1');
  const controllers = join(upper, 'etc', 'capstan', 'controllers.kubeconfig');
  const holder = await eventually(
    'the controllers to take the leader lease',
    async () => {
      const result = await run(kubectl, [`--kubeconfig=${controllers}`, '-n', 'kube-system', 'get', 'lease', 'kube-controller-manager', '-o', 'jsonpath={.spec.holderIdentity}'], {
        encoding: 'utf8',
      }).catch(() => undefined);
      return result?.stdout === '' ? undefined : result?.stdout;
    },
    startDeadlineMs,
  );
  t.regex(holder, /_[0-9a-f-]{36}$/);

  // The same for the controllers.
  await systemd.exec('kill', '-STOP', controllersFirstPid);
  await logged(systemd, 'capstan-controllers.service: Watchdog timeout (limit 4s)!');
  const controllersPid = await notified(systemd, 'capstan-controllers.service', 'READY=1', (pid) => pid !== controllersFirstPid);
  t.deepEqual(await systemd.properties('capstan-controllers.service', 'ActiveState', 'MainPID', 'NRestarts'), { ActiveState: 'active', MainPID: controllersPid, NRestarts: '1' });

  // The agent: READY=1 once its Node is registered, with the identity install gave it.
  await systemd.systemctl('start', 'capstan-runtime-sim.service');
  await eventually(
    'the runtime to listen',
    () =>
      systemd.exec('test', '-S', '/run/capstan-runtime-sim.sock').then(
        () => true,
        () => undefined,
      ),
    startDeadlineMs,
  );
  // --no-block: the unit waits for READY=1 without a time limit (TimeoutStartSec=infinity).
  await systemd.systemctl('start', '--no-block', 'capstan-agent.service');
  const agentPid = await notified(systemd, 'capstan-agent.service', 'READY=1');
  t.deepEqual(await systemd.properties('capstan-agent.service', 'ActiveState', 'StatusText'), { ActiveState: 'active', StatusText: 'node test-node registered' });
  t.is((await run(kubectl, [`--kubeconfig=${admin}`, 'get', 'node', 'test-node', '-o', 'name'], { encoding: 'utf8' })).stdout, 'node/test-node\n');
  await eventually('the agent to ping its watchdog', async () => (notifications(systemd.log(), 'capstan-agent.service').includes(`${agentPid} (WATCHDOG=1)`) ? true : undefined));

  // STOPPING=1 when the shutdown begins, then a clean exit.
  await systemd.systemctl('stop', 'capstan-agent.service', 'capstan-controllers.service', 'capstan-apiserver.service');
  for (const [unit, pid] of [
    ['capstan-agent.service', agentPid],
    ['capstan-controllers.service', controllersPid],
    ['capstan-apiserver.service', restartedPid],
  ] as const) {
    t.is(await notified(systemd, unit, 'STOPPING=1'), pid);
    t.deepEqual(await systemd.properties(unit, 'ActiveState', 'Result'), { ActiveState: 'inactive', Result: 'success' });
  }
});

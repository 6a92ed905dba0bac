// `capstan install --root`: kubeadm's layout under /etc/capstan, a dry run that writes nothing and
// withholds keys, re-runs that keep certificates and the administrator's files, and --enable on
// another root through `systemctl --root`.

import test from 'ava';
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadKubeconfig } from '@capstan/common/client';

const run = promisify(execFile);
const repo = join(import.meta.dirname, '..', '..');
const install = async (...args: string[]): Promise<string> =>
  (await run(process.execPath, [join(repo, 'bin', 'capstan.ts'), 'install', ...args], { encoding: 'utf8', timeout: 120_000 })).stdout;

/** Every file under dir, relative, with its mode and content. */
function snapshot(dir: string): Map<string, { mode: string; content: string }> {
  const files = new Map<string, { mode: string; content: string }>();
  const walk = (relative: string): void => {
    for (const name of readdirSync(join(dir, relative))) {
      const path = join(relative, name);
      const stat = statSync(join(dir, path));
      if (stat.isDirectory()) walk(path);
      else files.set(path, { mode: (stat.mode & 0o777).toString(8), content: readFileSync(join(dir, path), 'utf8') });
    }
  };
  walk('');
  return files;
}

test('install lays out units, flags files, certificates and kubeconfigs; a dry run writes nothing; a re-run keeps certificates and your files', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'capstan-install-root-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const flags = [`--root=${root}`, '--capstan=/opt/capstan/bin/capstan', '--apiserver-bind-port=7443', '--node-name=node-a'];

  const dryRun = await install(...flags, '--dry-run');
  t.deepEqual(readdirSync(root), [], 'a dry run writes nothing');
  t.regex(dryRun, new RegExp(`^\\[dry-run\\] create ${root}/etc/systemd/system/capstan-apiserver.service \\(0644\\)$`, 'm'));
  t.regex(dryRun, /^ {4}ExecStart=\/opt\/capstan\/bin\/capstan apiserver /m, 'units are shown as they would be written');
  t.regex(dryRun, new RegExp(`^\\[dry-run\\] create ${root}/etc/capstan/pki/ca.key \\(0600\\)$`, 'm'));
  t.false(dryRun.includes('PRIVATE KEY'), 'keys are never printed');
  t.false(dryRun.includes('client-key-data'), 'nor kubeconfigs, which hold one');

  await install(...flags);
  const first = snapshot(root);
  t.deepEqual([...first.keys()].filter((path) => !path.startsWith('etc/capstan/pki/')).sort(), [
    'etc/capstan/admin.kubeconfig',
    'etc/capstan/agent-config.yaml',
    'etc/capstan/agent.env',
    'etc/capstan/agent.kubeconfig',
    'etc/capstan/apiserver.env',
    'etc/capstan/controllers.env',
    'etc/capstan/controllers.kubeconfig',
    'etc/capstan/scheduler.kubeconfig',
    'etc/default/capstan-agent',
    'etc/default/capstan-apiserver',
    'etc/default/capstan-controllers',
    'etc/systemd/system/capstan-agent.service',
    'etc/systemd/system/capstan-apiserver.service',
    'etc/systemd/system/capstan-controllers.service',
  ]);
  t.true(statSync(join(root, 'etc/capstan/agent-config.d')).isDirectory(), "the agent's --config-dir exists");
  for (const [path, { mode }] of first) t.is(mode, path.endsWith('.key') || path.endsWith('.kubeconfig') ? '600' : '644', path);
  t.regex(first.get('etc/systemd/system/capstan-controllers.service')?.content ?? '', /^ExecStart=\/opt\/capstan\/bin\/capstan controllers \$CAPSTAN_CONTROLLERS_ARGS/m);
  t.regex(first.get('etc/capstan/apiserver.env')?.content ?? '', /^CAPSTAN_APISERVER_ARGS=".*--secure-port=7443 .*--client-ca-file=\/etc\/capstan\/pki\/ca.crt .*"$/m);
  t.regex(first.get('etc/default/capstan-apiserver')?.content ?? '', /^CAPSTAN_APISERVER_EXTRA_ARGS=""$/m);

  // Each kubeconfig: the API server's address, the cluster authority, a certificate of the identity kubeadm gives that component.
  const authority = new X509Certificate(first.get('etc/capstan/pki/ca.crt')?.content ?? '');
  const identities = {
    admin: 'O=system:masters\nCN=kubernetes-admin',
    controllers: 'CN=system:kube-controller-manager',
    scheduler: 'CN=system:kube-scheduler',
    agent: 'O=system:nodes\nCN=system:node:node-a',
  };
  for (const [name, subject] of Object.entries(identities)) {
    const kubeconfig = loadKubeconfig(join(root, `etc/capstan/${name}.kubeconfig`));
    t.is(kubeconfig.server, 'https://127.0.0.1:7443', name);
    t.is(kubeconfig.certificateAuthority, first.get('etc/capstan/pki/ca.crt')?.content, name);
    const client = new X509Certificate(kubeconfig.clientCertificate ?? '');
    t.is(client.subject, subject, name);
    t.true(client.verify(authority.publicKey), `${name}: signed by the cluster authority`);
  }
  const serving = new X509Certificate(first.get('etc/capstan/pki/apiserver.crt')?.content ?? '');
  t.truthy(serving.checkIP('127.0.0.1'));
  t.truthy(serving.checkHost('kubernetes.default.svc'));

  // Again, with your flags in /etc/default and another port: certificates are kept, what names the port follows it.
  writeFileSync(join(root, 'etc/default/capstan-apiserver'), 'CAPSTAN_APISERVER_EXTRA_ARGS="--audit-log-path=-"\n');
  const again = await install(...flags.map((flag) => (flag === '--apiserver-bind-port=7443' ? '--apiserver-bind-port=8443' : flag)));
  const second = snapshot(root);
  for (const [path, file] of first) if (path.startsWith('etc/capstan/pki/')) t.is(second.get(path)?.content, file.content, `${path} is kept`);
  t.regex(again, new RegExp(`^keep \\(the administrator's\\) ${root}/etc/default/capstan-apiserver \\(0644\\)$`, 'm'));
  t.is(second.get('etc/default/capstan-apiserver')?.content, 'CAPSTAN_APISERVER_EXTRA_ARGS="--audit-log-path=-"\n');
  t.regex(again, new RegExp(`^update ${root}/etc/capstan/apiserver.env \\(0644\\)$`, 'm'));
  t.regex(again, new RegExp(`^update ${root}/etc/capstan/admin.kubeconfig \\(0600\\)$`, 'm'));
  t.regex(again, new RegExp(`^unchanged ${root}/etc/capstan/pki/ca.key \\(0600\\)$`, 'm'));
  t.regex(again, new RegExp(`^unchanged ${root}/etc/systemd/system/capstan-apiserver.service \\(0644\\)$`, 'm'));
  t.regex(second.get('etc/capstan/admin.kubeconfig')?.content ?? '', /server: https:\/\/127\.0\.0\.1:8443$/m);
});

test('install --enable on another root links the units into multi-user.target.wants with systemctl --root', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'capstan-install-root-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const output = await install(`--root=${root}`, '--enable', '--dry-run');
  t.regex(output, new RegExp(`^\\[dry-run\\] systemctl --root=${root} enable capstan-apiserver.service capstan-controllers.service capstan-agent.service$`, 'm'));
  t.false(existsSync(join(root, 'etc')), 'a dry run enables nothing either');

  await install(`--root=${root}`, '--enable');
  const wants = join(root, 'etc/systemd/system/multi-user.target.wants');
  for (const unit of ['capstan-apiserver.service', 'capstan-controllers.service', 'capstan-agent.service']) {
    t.is(readlinkSync(join(wants, unit)), `/etc/systemd/system/${unit}`, unit);
  }
});

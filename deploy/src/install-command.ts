// `capstan install`: lays out a host for the systemd units of the API server, the controllers and
// the node agent, as kubeadm lays out /etc/kubernetes: the units, their flags files, the cluster's
// certificates and a kubeconfig for each component (install-plan.ts), under --root (default /).
// Running it again keeps valid certificates and the administrator's files, and says what changed;
// --dry-run says what it would write and writes nothing; --enable enables the units.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { FlagError, formatFlagHelp, parseFlags } from '@capstan/common';
import { installActionOf, writeInstallFiles, type InstallOutcome } from './install-files.ts';
import { defaultInstallRanges, installComponents, installDirectories, planInstall, unitOf } from './install-plan.ts';

const flags = {
  root: { type: 'string', default: '/', help: "The host's root directory: files are written under it (as systemctl --root)" },
  'dry-run': { type: 'bool', default: false, help: 'Print what would be written (secrets withheld) and write nothing' },
  enable: {
    type: 'bool',
    default: false,
    help: 'Enable the units: systemctl daemon-reload and enable where systemd runs the host (--root=/), systemctl --root=DIR enable otherwise',
  },
  capstan: { type: 'string', default: '/usr/local/bin/capstan', help: 'The capstan command the units run' },
  'apiserver-advertise-address': { type: 'string', default: '127.0.0.1', help: 'The address the API server serves on and the kubeconfigs point at' },
  'apiserver-bind-port': { type: 'int', default: 6443, help: 'The port the API server serves on' },
  'apiserver-cert-extra-sans': { type: 'strings', default: [] as readonly string[], help: "More IP addresses and DNS names for the API server's serving certificate" },
  'service-cidr': { type: 'string', default: defaultInstallRanges.serviceCidr, help: 'The range Services get their cluster IPs from' },
  'pod-network-cidr': { type: 'string', default: defaultInstallRanges.podNetworkCidr, help: "The range the nodes' pod ranges come from" },
  'node-name': { type: 'string', default: '', help: "The agent's Node name (default: the host name)" },
} as const;

export const installUsage = `Lay out this host for the systemd units of the API server, the controllers and the node agent:
the units in /etc/systemd/system, their flags in /etc/capstan/*.env (the installer's) and
/etc/default/capstan-* (yours), the cluster's certificates in /etc/capstan/pki and a kubeconfig for
each component in /etc/capstan (docs/systemd.md). Running it again keeps valid certificates and
your files.

Usage:
  capstan install [flags]

Flags:
${formatFlagHelp(flags)}`;

const describe: Record<InstallOutcome['action'], string> = {
  create: 'create',
  update: 'update',
  unchanged: 'unchanged',
  keep: "keep (the administrator's)",
};

export async function installCommand(argv: readonly string[], out: (text: string) => void): Promise<number> {
  const { flags: f, args } = parseFlags(flags, argv);
  if (args.length > 0) throw new FlagError(`unknown argument "${args[0]}" for "capstan install"`);
  if (!f.capstan.startsWith('/')) throw new FlagError(`--capstan must be an absolute path, not "${f.capstan}"`);
  const root = resolve(f.root);
  const dryRun = f['dry-run'];
  const files = await planInstall({
    root,
    capstan: f.capstan,
    advertiseAddress: f['apiserver-advertise-address'],
    port: f['apiserver-bind-port'],
    certExtraSans: f['apiserver-cert-extra-sans'],
    serviceCidr: f['service-cidr'],
    podNetworkCidr: f['pod-network-cidr'],
    nodeName: f['node-name'] === '' ? hostname().toLowerCase() : f['node-name'],
  });
  const outcomes = dryRun ? files.map((file) => installActionOf(root, file)) : writeInstallFiles(root, files);
  for (const directory of installDirectories) {
    const target = join(root, directory);
    const exists = existsSync(target);
    if (!exists && !dryRun) mkdirSync(target, { recursive: true, mode: 0o755 });
    out(`${dryRun ? '[dry-run] ' : ''}${exists ? 'unchanged' : 'create'} ${target}/`);
  }
  for (const { file, target, action } of outcomes) {
    out(`${dryRun ? '[dry-run] ' : ''}${describe[action]} ${target} (${file.mode.toString(8).padStart(4, '0')})`);
    // A dry run shows what it would write, except keys (and kubeconfigs, which hold one).
    if (dryRun && (action === 'create' || action === 'update') && !file.secret) out(file.content.replace(/^/gm, '    ').trimEnd());
  }
  const units = installComponents.map(unitOf);
  if (!f.enable) {
    if (!dryRun) out(`Next: systemctl daemon-reload && systemctl enable --now ${units.join(' ')}`);
    return 0;
  }
  const commands = enableCommands(root, units);
  if (commands === undefined) {
    process.stderr.write(`Error: --enable: systemd does not run this host (it is not PID 1): start ${units.join(', ')} yourself\n`);
    return 1;
  }
  for (const command of commands) {
    out(`${dryRun ? '[dry-run] ' : ''}${command.join(' ')}`);
    if (!dryRun) execFileSync(command[0] as string, command.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] });
  }
  return 0;
}

/** systemctl's commands to enable the units, or undefined where systemd does not run the host. */
function enableCommands(root: string, units: readonly string[]): string[][] | undefined {
  // Another root is a host image: systemctl links the units there without a running systemd.
  if (root !== '/') return [['systemctl', `--root=${root}`, 'enable', ...units]];
  // sd_booted(3): systemd runs the host when this directory exists.
  if (!existsSync('/run/systemd/system')) return undefined;
  return [
    ['systemctl', 'daemon-reload'],
    ['systemctl', 'enable', ...units],
  ];
}

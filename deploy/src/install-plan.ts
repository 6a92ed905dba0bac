// What `capstan install` lays out on a host, kubeadm's layout under /etc/capstan instead of
// /etc/kubernetes (docs/systemd.md):
//   /etc/systemd/system/capstan-{apiserver,controllers,agent}.service   the units (deploy/systemd)
//   /etc/capstan/{apiserver,controllers,agent}.env                       the installer's flags
//   /etc/default/capstan-{apiserver,controllers,agent}                   the administrator's flags
//   /etc/capstan/pki/                                                    the cluster's certificates
//   /etc/capstan/{admin,controllers,scheduler,agent}.kubeconfig          each component's identity
//   /etc/capstan/agent-config.yaml, agent-config.d/                      the agent's KubeletConfiguration

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultServiceClusterIpRange, defaultServiceNodePortRange, serviceRanges, servingAlternateNames, servingNamesOf } from '@capstan/apiserver';
import type { InstallFile } from './install-files.ts';
import { installPki, type ClientIdentity } from './install-pki.ts';
import { kubeconfigFor } from './kubeconfig.ts';
import { defaultClusterCidr } from './up-controllers.ts';

export const installComponents = ['apiserver', 'controllers', 'agent'] as const;
export type InstallComponent = (typeof installComponents)[number];

/** Directories the units need even when empty (the agent refuses a missing --config-dir, as the kubelet does). */
export const installDirectories: readonly string[] = ['/etc/capstan/agent-config.d'];

export const unitOf = (component: InstallComponent): string => `capstan-${component}.service`;

const configDir = '/etc/capstan';
const pkiDir = `${configDir}/pki`;
/** The command the units in deploy/systemd run, replaced by --capstan. */
const unitCommand = '/usr/local/bin/capstan';
const unitSources = join(import.meta.dirname, '..', 'systemd');

export interface InstallOptions {
  /** Where the host's / is: files go to <root>/etc/... */
  readonly root: string;
  /** The capstan command the units run. */
  readonly capstan: string;
  /** The address the API server serves on and the kubeconfigs point at. */
  readonly advertiseAddress: string;
  readonly port: number;
  /** More names and addresses for the serving certificate (--apiserver-cert-extra-sans). */
  readonly certExtraSans: readonly string[];
  readonly serviceCidr: string;
  readonly podNetworkCidr: string;
  /** The agent's Node name (its identity system:node:<name>). */
  readonly nodeName: string;
}

export const defaultInstallRanges = { serviceCidr: defaultServiceClusterIpRange, podNetworkCidr: defaultClusterCidr } as const;

/** Where a control plane's files are, and how it is addressed: the flags of its components point there. */
export interface ComponentFlagOptions {
  /** The kubeconfigs' directory (/etc/capstan). */
  readonly configDir: string;
  /** The certificates' directory (/etc/capstan/pki). */
  readonly pkiDir: string;
  readonly advertiseAddress: string;
  readonly port: number;
  readonly serviceCidr: string;
  readonly podNetworkCidr: string;
  readonly nodeName: string;
}

/** The flags of each component, as kubeadm runs kube-apiserver and kube-controller-manager (the systemd units' and the static pods'). */
export function componentFlags(options: ComponentFlagOptions): Record<InstallComponent, readonly string[]> {
  const { configDir, pkiDir } = options;
  return {
    // As kubeadm runs kube-apiserver: nodes limited to what their pods need, everyone else by RBAC.
    apiserver: [
      `--bind-address=${options.advertiseAddress}`,
      `--secure-port=${options.port}`,
      `--tls-cert-file=${pkiDir}/apiserver.crt`,
      `--tls-private-key-file=${pkiDir}/apiserver.key`,
      `--client-ca-file=${pkiDir}/ca.crt`,
      `--kubelet-client-certificate=${pkiDir}/${kubeletClientIdentity.file}.crt`,
      `--kubelet-client-key=${pkiDir}/${kubeletClientIdentity.file}.key`,
      '--kubelet-preferred-address-types=InternalIP,Hostname',
      '--authorization-mode=Node,RBAC',
      '--enable-admission-plugins=NodeRestriction',
      `--service-cluster-ip-range=${options.serviceCidr}`,
    ],
    controllers: [
      `--kubeconfig=${configDir}/controllers.kubeconfig`,
      `--scheduler-kubeconfig=${configDir}/scheduler.kubeconfig`,
      '--use-service-account-credentials=true',
      '--bind-address=127.0.0.1',
      '--allocate-node-cidrs=true',
      `--cluster-cidr=${options.podNetworkCidr}`,
      `--service-cluster-ip-range=${options.serviceCidr}`,
    ],
    agent: [`--hostname-override=${options.nodeName}`],
  };
}

/** The API server's client certificate for the agents (kubeadm's apiserver-kubelet-client). */
export const kubeletClientIdentity: ClientIdentity = { file: 'apiserver-kubelet-client', user: 'kube-apiserver-kubelet-client', groups: ['system:masters'] };

/** The identities of the kubeconfigs, as kubeadm names them (admin.conf, controller-manager.conf, scheduler.conf, kubelet.conf). */
export function controlPlaneIdentities(nodeName: string): Record<'admin' | 'controllers' | 'scheduler' | 'agent', ClientIdentity> {
  return {
    admin: { file: 'admin', user: 'kubernetes-admin', groups: ['system:masters'] },
    controllers: { file: 'controllers', user: 'system:kube-controller-manager', groups: [] },
    scheduler: { file: 'scheduler', user: 'system:kube-scheduler', groups: [] },
    agent: { file: 'agent', user: `system:node:${nodeName}`, groups: ['system:nodes'] },
  };
}

export async function planInstall(options: InstallOptions): Promise<InstallFile[]> {
  const ranges = serviceRanges(options.serviceCidr, defaultServiceNodePortRange);
  const serving = servingAlternateNames(servingNamesOf(options.advertiseAddress, ranges.serviceClusterIpRange), options.certExtraSans);
  const ids = controlPlaneIdentities(options.nodeName);
  const pki = await installPki(join(options.root, pkiDir), pkiDir, serving, [kubeletClientIdentity, ...Object.values(ids)]);
  const host = options.advertiseAddress.includes(':') ? `[${options.advertiseAddress}]` : options.advertiseAddress;
  const server = `https://${host}:${options.port}`;
  const kubeconfig = (name: keyof typeof ids): InstallFile => {
    const pair = pki.clients.get(ids[name].file);
    if (pair === undefined) throw new Error(`no client certificate for ${name}`);
    return {
      path: `${configDir}/${name}.kubeconfig`,
      content: kubeconfigFor(server, { certificateAuthority: pki.authority, clientCertificate: pair.cert, clientKey: pair.key }),
      mode: 0o600,
      secret: true,
      owner: 'installer',
    };
  };
  const flags = componentFlags({ configDir, pkiDir, ...options });
  return [
    ...installComponents.map((component) => unitFile(component, options.capstan)),
    ...installComponents.map((component) => installerEnvFile(component, flags[component])),
    ...installComponents.map(administratorEnvFile),
    ...pki.files,
    kubeconfig('admin'),
    kubeconfig('controllers'),
    kubeconfig('scheduler'),
    kubeconfig('agent'),
    agentConfigFile(),
  ];
}

function unitFile(component: InstallComponent, capstan: string): InstallFile {
  const unit = readFileSync(join(unitSources, unitOf(component)), 'utf8');
  return {
    path: `/etc/systemd/system/${unitOf(component)}`,
    content: unit.replaceAll(`ExecStart=${unitCommand} `, `ExecStart=${capstan} `),
    mode: 0o644,
    secret: false,
    owner: 'installer',
  };
}

const argsVariable = (component: InstallComponent, extra = ''): string => `CAPSTAN_${component.toUpperCase()}_${extra}ARGS`;

function installerEnvFile(component: InstallComponent, flags: readonly string[]): InstallFile {
  const content = `# Written by \`capstan install\` (again at each install: put your own flags in /etc/default/capstan-${component}).
${argsVariable(component)}="${flags.join(' ')}"
`;
  return { path: `${configDir}/${component}.env`, content, mode: 0o644, secret: false, owner: 'installer' };
}

function administratorEnvFile(component: InstallComponent): InstallFile {
  const content = `# Flags of your own for capstan-${component}.service, after the installer's (${configDir}/${component}.env), so that
# they win; \`capstan install\` never changes this file. Then: systemctl restart capstan-${component}
${argsVariable(component, 'EXTRA_')}=""
`;
  return { path: `/etc/default/capstan-${component}`, content, mode: 0o644, secret: false, owner: 'administrator' };
}

/** The agent's KubeletConfiguration as kubeadm writes the kubelet's: the cluster authority for clients, the API server's authorization for requests. */
function agentConfigFile(): InstallFile {
  const content = `# The node agent's KubeletConfiguration (\`capstan install\` writes it only when there is none).
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
containerRuntimeEndpoint: unix:///run/containerd/containerd.sock
authentication:
  x509:
    clientCAFile: ${pkiDir}/ca.crt
  webhook:
    enabled: true
  anonymous:
    enabled: false
authorization:
  mode: Webhook
`;
  return { path: `${configDir}/agent-config.yaml`, content, mode: 0o644, secret: false, owner: 'administrator' };
}

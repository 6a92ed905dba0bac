// The control plane as static pods, as kubeadm writes /etc/kubernetes/manifests/kube-apiserver.yaml
// and kube-controller-manager.yaml (cmd/kubeadm/app/phases/controlplane): pods of kube-system on
// the host's network, labelled component=<name>,tier=control-plane, system-node-critical, with the
// RuntimeDefault seccomp profile, HTTPS probes on the secure port at 127.0.0.1, and their files
// mounted from the host at the same paths. The container runs the Capstan image, whose program is
// `capstan`: `capstan apiserver ...` and `capstan controllers ...` with the flags the systemd units
// get (install-plan.ts).

import { capstanImage } from '@capstan/common';
import type { Container, Pod, Probe, Volume } from '@capstan/common/api-types/core-v1';

/** kubeadm's annotation of the API server's pod: the endpoint it advertises, host:port. */
export const advertiseAddressEndpointAnnotation = 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint';
/** The priority of system-node-critical, which kubeadm writes beside the class's name. */
const systemNodeCriticalPriority = 2000001000;
/** kubeadm's name of the probed port. */
const probePort = 'probe-port';

/** A host path the component reads or writes, mounted at the same path. */
export interface HostMount {
  readonly name: string;
  readonly path: string;
  readonly type: 'DirectoryOrCreate' | 'FileOrCreate';
  readonly readOnly: boolean;
}

export interface ControlPlaneStaticPodOptions {
  /** The address the API server serves on and its probes and the kubeconfigs reach. */
  readonly advertiseAddress: string;
  readonly apiserverPort: number;
  /** `capstan apiserver`'s flags (componentFlags().apiserver plus the data directory). */
  readonly apiserverFlags: readonly string[];
  readonly apiserverMounts: readonly HostMount[];
  /** The controllers' secure port (/healthz), 10257 as kube-controller-manager's. */
  readonly controllersPort: number;
  readonly controllersFlags: readonly string[];
  readonly controllersMounts: readonly HostMount[];
  /** The image; Capstan's of this version unless told. */
  readonly image?: string;
}

/** kubeadm's probes (util/staticpod): liveness and startup wait a period before the first check; readiness checks every second. */
function httpsProbe(host: string, path: string, kind: 'liveness' | 'readiness' | 'startup'): Probe {
  const timing = {
    liveness: { initialDelaySeconds: 10, timeoutSeconds: 15, failureThreshold: 8, periodSeconds: 10 },
    readiness: { initialDelaySeconds: 0, timeoutSeconds: 15, failureThreshold: 3, periodSeconds: 1 },
    // failureThreshold: kubeadm's control plane health check timeout (4 min) in periods of 10 s.
    startup: { initialDelaySeconds: 10, timeoutSeconds: 15, failureThreshold: 24, periodSeconds: 10 },
  }[kind];
  return { httpGet: { host, path, port: probePort, scheme: 'HTTPS' }, ...timing };
}

/** The host address probes use: kubeadm probes 127.0.0.1 when the component listens on every address. */
const probeHost = (address: string): string => (address === '0.0.0.0' || address === '' ? '127.0.0.1' : address === '::' ? '::1' : address);

function componentPod(container: Container, mounts: readonly HostMount[], annotations?: Readonly<Record<string, string>>): Pod {
  const volumes: Volume[] = mounts.map((mount) => ({ name: mount.name, hostPath: { path: mount.path, type: mount.type } }));
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: container.name,
      namespace: 'kube-system',
      labels: { component: container.name, tier: 'control-plane' },
      ...(annotations === undefined ? {} : { annotations: { ...annotations } }),
    },
    spec: {
      containers: [{ ...container, volumeMounts: mounts.map((mount) => ({ name: mount.name, mountPath: mount.path, readOnly: mount.readOnly })) }],
      priority: systemNodeCriticalPriority,
      priorityClassName: 'system-node-critical',
      hostNetwork: true,
      volumes,
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
    },
  };
}

/** kube-apiserver.yaml and kube-controller-manager.yaml, by file name. */
export function controlPlaneStaticPods(options: ControlPlaneStaticPodOptions): ReadonlyMap<string, Pod> {
  const image = options.image ?? capstanImage;
  const apiserverHost = probeHost(options.advertiseAddress);
  const endpoint = options.advertiseAddress.includes(':') ? `[${options.advertiseAddress}]:${options.apiserverPort}` : `${options.advertiseAddress}:${options.apiserverPort}`;
  const apiserver = componentPod(
    {
      name: 'kube-apiserver',
      image,
      imagePullPolicy: 'IfNotPresent',
      command: ['capstan', 'apiserver', ...options.apiserverFlags],
      livenessProbe: httpsProbe(apiserverHost, '/livez', 'liveness'),
      readinessProbe: httpsProbe(apiserverHost, '/readyz', 'readiness'),
      startupProbe: httpsProbe(apiserverHost, '/livez', 'startup'),
      resources: { requests: { cpu: '250m' } },
      ports: [{ name: probePort, containerPort: options.apiserverPort, protocol: 'TCP' }],
    },
    options.apiserverMounts,
    { [advertiseAddressEndpointAnnotation]: endpoint },
  );
  const controllers = componentPod(
    {
      name: 'kube-controller-manager',
      image,
      imagePullPolicy: 'IfNotPresent',
      command: ['capstan', 'controllers', ...options.controllersFlags],
      livenessProbe: httpsProbe('127.0.0.1', '/healthz', 'liveness'),
      startupProbe: httpsProbe('127.0.0.1', '/healthz', 'startup'),
      resources: { requests: { cpu: '200m' } },
      ports: [{ name: probePort, containerPort: options.controllersPort, protocol: 'TCP' }],
    },
    options.controllersMounts,
  );
  return new Map([
    ['kube-apiserver.yaml', apiserver],
    ['kube-controller-manager.yaml', controllers],
  ]);
}

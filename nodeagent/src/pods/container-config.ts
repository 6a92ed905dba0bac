// generateContainerConfig: what the kubelet creates a container with: the image it resolved, the
// command and arguments with $(VAR) references expanded, the environment (envFrom ConfigMaps and
// Secrets, then plain values, the downward API's pod fields and resources, ConfigMap and Secret
// keys, with the kubelet's errors), mounts of the volumes the agent provides (hostPath, emptyDir,
// configMap, secret, projected, downwardAPI) and of the termination message file, the log path
// <name>/<restart count>.log, labels and annotations, resources (cpu shares and quota, memory
// limit, OOM score, swap) and the Linux security context.

import { chmodSync, existsSync, mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { decodeQuantity, quantityMilliValue, quantityValue, errorMessage } from '@capstan/common';
import type { MessageInit } from '../cri/index.ts';
import type * as cri from '../cri/index.ts';
import { containerSwapLimit, isCriticalPod, podQOS, recursiveReadOnlyErrorPrefix, resolveRecursiveReadOnly, type SwapNode } from '../system/index.ts';
import { containerResourceValue, nodeAllocatable, podMetadataField } from './downward-api.ts';
import { noEnvSources, type EnvSources } from './env-sources.ts';
import { ObjectNotFoundError } from './pod-objects.ts';
import type { ConfigMapKeySelector, Container, ResourceRequirements, SecretKeySelector, VolumeMount } from '@capstan/common/api-types/core-v1';
import type { Pod } from './pod-types.ts';
import { atomicWriterVolumeDirectory, claimVolumeLink } from './volumes/volume-directories.ts';
import type { DeviceRunOptions } from './device-allocation.ts';
import { serviceEnvironment } from './service-env.ts';
import { containerAnnotations, containerLabels, type ContainerType } from './runtime-labels.ts';
import { containerSecurityContext, podNamespaces } from './security-context.ts';
import { etcHostsPath } from './etc-hosts.ts';

export interface ContainerSettings {
  /** <root-dir>/pods: where emptyDir volumes live. */
  readonly podsDir: string;
  readonly seccompProfileRoot: string;
  readonly seccompDefault: boolean;
  readonly nodeName: string;
  readonly hostIPs: readonly string[];
  /** MemTotal, for the OOM score of Burstable containers. */
  readonly memoryCapacityBytes: number;
  readonly swap?: SwapNode;
}

/** A failure of generateContainerConfig: the container waits with CreateContainerConfigError and this message. */
export class ContainerConfigError extends Error {
  override name = 'ContainerConfigError';
}

export interface ContainerContext {
  readonly pod: Pod;
  readonly container: Container;
  readonly type: ContainerType;
  readonly restartCount: number;
  readonly imageRef: string;
  readonly podIPs: readonly string[];
  readonly runtimeHandler: string;
  readonly runtimeSupportsRecursiveReadOnly: boolean;
  readonly userNamespace?: MessageInit<cri.UserNamespace>;
  /** The ConfigMaps and Secrets the environment refers to, fetched beforehand. */
  readonly envSources?: EnvSources;
  /** The host file mounted at terminationMessagePath (makeMounts creates it per instance). */
  readonly terminationMessageFile?: string;
  /** The pod's kubelet-managed hosts file, mounted at /etc/hosts (etc-hosts.ts). */
  readonly etcHostsFile?: string;
  /** What the device plugins' Allocate answered for the container's devices. */
  readonly devices?: DeviceRunOptions;
}

export function generateContainerConfig(context: ContainerContext, settings: ContainerSettings): MessageInit<cri.ContainerConfig> {
  const { pod, container, restartCount } = context;
  // The device plugins' variables and mounts come first, as in the kubelet's run options.
  const devices = context.devices;
  const env = [...(devices?.envs ?? []), ...containerEnvironment(context, settings)];
  const lookup = new Map(env.map(({ key, value }) => [key, value]));
  return {
    metadata: { name: container.name, attempt: restartCount },
    image: { image: context.imageRef, userSpecifiedImage: container.image ?? '', runtimeHandler: context.runtimeHandler },
    command: (container.command ?? []).map((text) => expandReferences(text, lookup)),
    args: (container.args ?? []).map((text) => expandReferences(text, lookup)),
    workingDir: container.workingDir ?? '',
    envs: env,
    mounts: [...(devices?.mounts ?? []), ...containerMounts(context, settings, lookup)],
    ...(devices === undefined ? {} : { devices: devices.devices, cdiDevices: devices.cdiDevices }),
    labels: containerLabels(pod, container),
    annotations: { ...devices?.annotations, ...containerAnnotations(pod, container, restartCount, context.type) },
    logPath: containerLogPath(container.name, restartCount),
    stdin: container.stdin === true,
    stdinOnce: container.stdinOnce === true,
    tty: container.tty === true,
    linux: {
      resources: containerResources(pod, container, settings),
      securityContext: containerSecurityContext(pod, container, podNamespaces(pod, context.userNamespace), settings.seccompProfileRoot, settings.seccompDefault),
    },
  };
}

/** BuildContainerLogsDirectory's file, relative to the sandbox's log directory. */
export const containerLogPath = (name: string, restartCount: number): string => join(name, `${restartCount}.log`);

/** The downward API's pod fields a fieldRef may name. */
function podField(context: ContainerContext, settings: ContainerSettings, path: string): string {
  const { pod } = context;
  const metadata = podMetadataField(pod, path);
  if (metadata !== undefined) return metadata;
  switch (path) {
    case 'spec.nodeName':
      return settings.nodeName;
    case 'spec.serviceAccountName':
      return pod.spec.serviceAccountName ?? '';
    case 'status.hostIP':
      return settings.hostIPs[0] ?? '';
    case 'status.hostIPs':
      return settings.hostIPs.join(',');
    case 'status.podIP':
      return (pod.spec.hostNetwork === true ? settings.hostIPs : context.podIPs)[0] ?? '';
    case 'status.podIPs':
      return (pod.spec.hostNetwork === true ? settings.hostIPs : context.podIPs).join(',');
    default:
      throw new ContainerConfigError(`unsupported fieldPath: ${path}`);
  }
}

/** An object the environment refers to; undefined when an optional reference finds none. */
function envSource<T>(sources: ReadonlyMap<string, T | Error>, name: string, optional: boolean, missing: string): T | undefined {
  const source = sources.get(name);
  if (source === undefined) throw new ContainerConfigError(missing);
  if (!(source instanceof Error)) return source;
  if (source instanceof ObjectNotFoundError && optional) return undefined;
  throw new ContainerConfigError(source.message);
}

/** A configMapKeyRef's or secretKeyRef's value; undefined when an optional reference finds nothing. */
function keyValue<T>(
  sources: ReadonlyMap<string, T | Error>,
  ref: ConfigMapKeySelector | SecretKeySelector,
  source: 'configMap' | 'secret',
  kind: 'ConfigMap' | 'Secret',
  namespace: string,
  read: (object: T, key: string) => string | undefined,
): string | undefined {
  const { name = '', key, optional = false } = ref;
  const object = envSource(sources, name, optional, `couldn't get ${source} ${namespace}/${name}, no kubeClient defined`);
  if (object === undefined) return undefined;
  const value = read(object, key);
  if (value === undefined && !optional) throw new ContainerConfigError(`couldn't find key ${key} in ${kind} ${namespace}/${name}`);
  return value;
}

/** makeEnvironmentVariables: envFrom first, then env, whose values may refer to the variables before them. */
function containerEnvironment(context: ContainerContext, settings: ContainerSettings): { key: string; value: string }[] {
  const { pod, container } = context;
  const namespace = pod.metadata.namespace;
  const sources = context.envSources ?? noEnvSources;
  if (sources.services instanceof Error) throw new ContainerConfigError(sources.services.message);
  const serviceEnv = serviceEnvironment(sources.services);
  const values = new Map<string, string>();
  // $(VAR) in a value finds the container's variables first, then the services' (MappingFuncFor).
  const lookup = new Map(serviceEnv);
  const set = (key: string, value: string): void => {
    values.set(key, value);
    lookup.set(key, value);
  };
  for (const from of container.envFrom ?? []) {
    const prefix = from.prefix ?? '';
    if (from.configMapRef !== undefined) {
      const name = from.configMapRef.name ?? '';
      const configMap = envSource(sources.configMaps, name, from.configMapRef.optional === true, `couldn't get configMap ${namespace}/${name}, no kubeClient defined`);
      for (const [key, value] of Object.entries(configMap?.data ?? {})) set(prefix + key, value);
    } else if (from.secretRef !== undefined) {
      const name = from.secretRef.name ?? '';
      const secret = envSource(sources.secrets, name, from.secretRef.optional === true, `couldn't get secret ${namespace}/${name}, no kubeClient defined`);
      for (const [key, value] of Object.entries(secret?.data ?? {})) set(prefix + key, value.toString('utf8'));
    }
  }
  for (const variable of container.env ?? []) {
    const from = variable.valueFrom;
    let value: string;
    if ((variable.value !== undefined && variable.value !== '') || from === undefined) value = expandReferences(variable.value ?? '', lookup);
    else if (from.fieldRef !== undefined) value = podField(context, settings, from.fieldRef.fieldPath);
    else if (from.resourceFieldRef !== undefined) {
      try {
        value = containerResourceValue(from.resourceFieldRef, pod, container, nodeAllocatable(settings.memoryCapacityBytes));
      } catch (error) {
        throw new ContainerConfigError(errorMessage(error));
      }
    } else if (from.configMapKeyRef !== undefined) {
      const found = keyValue(sources.configMaps, from.configMapKeyRef, 'configMap', 'ConfigMap', namespace, (configMap, key) => configMap.data[key]);
      if (found === undefined) continue;
      value = found;
    } else if (from.secretKeyRef !== undefined) {
      const found = keyValue(sources.secrets, from.secretKeyRef, 'secret', 'Secret', namespace, (secret, key) => secret.data[key]?.toString('utf8'));
      if (found === undefined) continue;
      value = found;
    } else value = '';
    set(variable.name, value);
  }
  // The services' variables the container does not set itself come after its own.
  for (const [key, value] of serviceEnv) if (!values.has(key)) values.set(key, value);
  return [...values].map(([key, value]) => ({ key, value }));
}

/**
 * expansion.Expand: $(NAME) becomes the variable's value when it is defined and stays as written
 * otherwise; $$ is a literal $.
 */
export function expandReferences(text: string, variables: ReadonlyMap<string, string>): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch !== '$' || i + 1 >= text.length) {
      out += ch;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i++;
    } else if (next === '(') {
      const end = text.indexOf(')', i + 2);
      if (end < 0) {
        out += text.slice(i);
        break;
      }
      const name = text.slice(i + 2, end);
      out += variables.get(name) ?? `$(${name})`;
      i = end;
    } else out += ch;
  }
  return out;
}

/** The mounts of the volumes the agent provides (volumes of other kinds are not mounted), of /etc/hosts and of the termination message file. */
function containerMounts(context: ContainerContext, settings: ContainerSettings, variables: ReadonlyMap<string, string>): MessageInit<cri.Mount>[] {
  const { pod, container } = context;
  const mounts: MessageInit<cri.Mount>[] = [];
  for (const mount of container.volumeMounts ?? []) {
    const resolution = resolveRecursiveReadOnly(mount, context.runtimeSupportsRecursiveReadOnly);
    if ('error' in resolution) throw new ContainerConfigError(`${recursiveReadOnlyErrorPrefix}${resolution.error}`);
    const volume = pod.spec.volumes?.find((candidate) => candidate.name === mount.name);
    let hostPath: string | undefined;
    if (volume?.hostPath !== undefined) {
      hostPath = volume.hostPath.path;
      if (volume.hostPath.type === 'DirectoryOrCreate') mkdirSync(hostPath, { recursive: true, mode: 0o755 });
    } else if (volume?.emptyDir !== undefined) {
      hostPath = join(settings.podsDir, pod.metadata.uid, 'volumes', 'kubernetes.io~empty-dir', volume.name);
      mkdirSync(hostPath, { recursive: true, mode: 0o777 });
      // The kubelet makes an emptyDir world-writable whatever the umask.
      chmodSync(hostPath, 0o777);
    } else if (volume?.persistentVolumeClaim !== undefined || volume?.ephemeral !== undefined) {
      // The volume manager linked the claim's volume (claim-volumes.ts); the runtime gets where it leads.
      const link = claimVolumeLink(settings.podsDir, pod.metadata.uid, volume.name);
      if (existsSync(link)) hostPath = realpathSync(link);
    } else if (volume !== undefined) hostPath = atomicWriterVolumeDirectory(settings.podsDir, pod.metadata.uid, volume);
    if (hostPath === undefined) continue;
    const subPath = mountSubPath(mount, variables);
    if (subPath !== '') {
      hostPath = join(hostPath, subPath);
      // An existing subPath is bound as it resolves now (a projected key's file, through ..data),
      // which is why such a mount does not see later updates.
      if (existsSync(hostPath)) hostPath = realpathSync(hostPath);
      else mkdirSync(hostPath, { recursive: true });
    }
    const propagation =
      mount.mountPropagation === 'HostToContainer'
        ? 'PROPAGATION_HOST_TO_CONTAINER'
        : mount.mountPropagation === 'Bidirectional'
          ? 'PROPAGATION_BIDIRECTIONAL'
          : 'PROPAGATION_PRIVATE';
    mounts.push({ containerPath: mount.mountPath, hostPath, readonly: mount.readOnly === true, recursiveReadOnly: resolution.recursive, propagation });
  }
  if (context.etcHostsFile !== undefined) mounts.push({ containerPath: etcHostsPath, hostPath: context.etcHostsFile, readonly: false, selinuxRelabel: true });
  if (context.terminationMessageFile !== undefined && container.terminationMessagePath !== undefined && container.terminationMessagePath !== '') {
    mounts.push({ containerPath: container.terminationMessagePath, hostPath: context.terminationMessageFile });
  }
  return mounts;
}

/**
 * The kubelet's subPath of a mount: subPathExpr with the container's $(VAR)s expanded (every one
 * must have a value), else subPath; neither absolute nor stepping out with "..".
 */
function mountSubPath(mount: VolumeMount, variables: ReadonlyMap<string, string>): string {
  let subPath = mount.subPath ?? '';
  if (mount.subPathExpr !== undefined && mount.subPathExpr !== '') {
    const missing = new Set<string>();
    for (const [, name] of mount.subPathExpr.matchAll(/\$\(([^)]*)\)/g)) if (!variables.get(name as string)) missing.add(name as string);
    if (missing.size > 0) throw new ContainerConfigError(`missing value for ${[...missing].sort().join(', ')}`);
    subPath = expandReferences(mount.subPathExpr, variables);
  }
  if (subPath === '') return '';
  if (subPath.startsWith('/')) throw new ContainerConfigError(`error SubPath \`${subPath}\` must not be an absolute path`);
  if (subPath.split('/').includes('..')) throw new ContainerConfigError(`unable to provision SubPath \`${subPath}\`: must not contain '..'`);
  return subPath;
}

const bytesOf = (list: ResourceRequirements['requests'], name: string): number => {
  const quantity = decodeQuantity(list?.[name]);
  return quantity === undefined ? 0 : Number(quantityValue(quantity));
};
const milliCpuOf = (list: ResourceRequirements['requests']): number => {
  const quantity = decodeQuantity(list?.['cpu']);
  return quantity === undefined ? 0 : Number(quantityMilliValue(quantity));
};

const minShares = 2;
const maxShares = 262_144;
const quotaPeriod = 100_000;
const minQuotaPeriod = 1000;

/** MilliCPUToShares. */
const milliCpuToShares = (milliCpu: number): number => (milliCpu === 0 ? minShares : Math.min(Math.max(Math.floor((milliCpu * 1024) / 1000), minShares), maxShares));

/** GetContainerOOMScoreAdjust. */
function oomScoreAdjust(pod: Pod, container: Container, memoryCapacity: number): number {
  if (isCriticalPod(pod)) return -997;
  const qos = podQOS(pod);
  if (qos === 'Guaranteed') return -997;
  if (qos === 'BestEffort') return 1000;
  const request = bytesOf(container.resources?.requests, 'memory');
  if (memoryCapacity <= 0) return 999;
  // Go's integer division: 1000 - (1000 * request) / capacity, the quotient truncated first.
  const score = 1000 - Math.floor((1000 * request) / memoryCapacity);
  if (score < 3) return 3;
  return score === 1000 ? 999 : score;
}

/** generateLinuxContainerResources (also what UpdateContainerResources is given on a resize). */
export function containerResources(pod: Pod, container: Container, settings: ContainerSettings): MessageInit<cri.LinuxContainerResources> {
  const requests = container.resources?.requests;
  const limits = container.resources?.limits;
  const cpuRequest = milliCpuOf(requests);
  const cpuLimit = milliCpuOf(limits);
  const memoryLimit = bytesOf(limits, 'memory');
  const resources: { -readonly [K in keyof cri.LinuxContainerResources]?: MessageInit<cri.LinuxContainerResources>[K] } = {
    cpuShares: milliCpuToShares(cpuRequest === 0 && cpuLimit !== 0 ? cpuLimit : cpuRequest),
    memoryLimitInBytes: memoryLimit,
    oomScoreAdj: oomScoreAdjust(pod, container, settings.memoryCapacityBytes),
  };
  if (cpuLimit !== 0) {
    resources.cpuPeriod = quotaPeriod;
    resources.cpuQuota = Math.max(Math.floor((cpuLimit * quotaPeriod) / 1000), minQuotaPeriod);
  }
  if (settings.swap !== undefined) {
    const swap = containerSwapLimit(settings.swap, pod, container);
    if (swap.swapLimitBytes !== undefined) {
      if (settings.swap.cgroupVersion === 2) resources.unified = { 'memory.swap.max': String(swap.swapLimitBytes) };
      else if (memoryLimit > 0) resources.memorySwapLimitInBytes = memoryLimit;
    }
  }
  return resources;
}

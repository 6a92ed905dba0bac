// The downward API's values shared by environment variables and downwardAPI volume files: the
// pod's metadata fields (fieldpath.ExtractFieldPathAsString: name, namespace, uid, one label or
// annotation by key, or all of them as `key="value"` lines sorted by key), and a container's
// resource requests and limits in units of a divisor, rounded up, with limits that are not set
// taken from the node's allocatable.

import { availableParallelism } from 'node:os';
import { decodeQuantity, goQuote, newQuantity, quantityMilliValue, quantitySign, quantityValue, type Quantity } from '@capstan/common';
import type { Container, ResourceFieldSelector } from '@capstan/common/api-types/core-v1';
import type { Pod } from './pod-types.ts';

/** fieldpath.FormatMap: one `key="value"` line per key, sorted, no newline at the end. */
const formatMap = (map: Readonly<Record<string, string>> | undefined): string =>
  Object.entries(map ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${goQuote(value)}`)
    .join('\n');

/** A metadata field of the pod, or undefined when the path is not one. */
export function podMetadataField(pod: Pod, path: string): string | undefined {
  const keyed = /^metadata\.(labels|annotations)\['(.+)'\]$/.exec(path);
  if (keyed !== null) return (keyed[1] === 'labels' ? pod.metadata.labels : pod.metadata.annotations)?.[keyed[2] as string] ?? '';
  switch (path) {
    case 'metadata.name':
      return pod.metadata.name;
    case 'metadata.namespace':
      return pod.metadata.namespace;
    case 'metadata.uid':
      return pod.metadata.uid;
    case 'metadata.labels':
      return formatMap(pod.metadata.labels);
    case 'metadata.annotations':
      return formatMap(pod.metadata.annotations);
    default:
      return undefined;
  }
}

export interface NodeAllocatable {
  readonly cpuMilli: number;
  readonly memoryBytes: number;
  readonly ephemeralStorageBytes: number;
}

/** The node's allocatable as the agent knows it here: its cpus and memory (no reservations subtracted). */
export const nodeAllocatable = (memoryCapacityBytes: number): NodeAllocatable => ({
  cpuMilli: availableParallelism() * 1000,
  memoryBytes: memoryCapacityBytes,
  ephemeralStorageBytes: 0,
});

/** ExtractResourceValueByContainerNameAndNodeAllocatable: the value as text; throws for an unknown resource or container. */
export function containerResourceValue(ref: ResourceFieldSelector, pod: Pod, container: Container, allocatable: NodeAllocatable): string {
  let target = container;
  if (ref.containerName !== undefined && ref.containerName !== '') {
    const named = [...pod.spec.containers, ...(pod.spec.initContainers ?? [])].find((candidate) => candidate.name === ref.containerName);
    if (named === undefined) throw new Error(`container ${ref.containerName} not found`);
    target = named;
  }
  const given = decodeQuantity(ref.divisor);
  const divisor = given === undefined || quantitySign(given) === 0 ? newQuantity(1n, 'DecimalSI') : given;
  const [kind, name] = ref.resource.split('.', 2) as [string, string | undefined];
  const list = kind === 'limits' ? target.resources?.limits : kind === 'requests' ? target.resources?.requests : undefined;
  const fallback =
    kind === 'limits'
      ? { cpu: allocatable.cpuMilli, memory: allocatable.memoryBytes, 'ephemeral-storage': allocatable.ephemeralStorageBytes }
      : { cpu: 0, memory: 0, 'ephemeral-storage': 0 };
  const amount = (quantity: Quantity | undefined, value: (quantity: Quantity) => bigint, otherwise: number): number =>
    quantity === undefined ? otherwise : Number(value(quantity));
  if (list === undefined && kind !== 'limits' && kind !== 'requests') throw new Error(`unsupported container resource : ${ref.resource}`);
  if (name === 'cpu') {
    const milliCpu = amount(decodeQuantity(list?.cpu), quantityMilliValue, fallback.cpu);
    // In millicores, as convertResourceCPUToString divides MilliValue()s.
    return String(Math.ceil(milliCpu / Number(quantityMilliValue(divisor))));
  }
  if (name === 'memory' || name === 'ephemeral-storage' || name?.startsWith('hugepages-')) {
    const value = amount(decodeQuantity(list?.[name]), quantityValue, name.startsWith('hugepages-') ? 0 : fallback[name as 'memory' | 'ephemeral-storage']);
    return String(Math.ceil(value / Number(quantityValue(divisor))));
  }
  throw new Error(`unsupported container resource : ${ref.resource}`);
}

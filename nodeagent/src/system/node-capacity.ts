// The Node's capacity and allocatable as the kubelet computes them (nodestatus.MachineInfo and the
// container manager's GetNodeAllocatableReservation): cpu, memory and huge pages from the machine,
// ephemeral-storage from the root directory's file system, pods from maxPods; allocatable is
// capacity less systemReserved, kubeReserved and the hard eviction thresholds, less huge pages
// from memory, never below zero.

import { addQuantities, compareQuantities, newQuantity, parseQuantity, quantitySign, quantityString, quantityValue, subtractQuantities, type Quantity } from '@capstan/common';
import { hardEvictionReservation, parseEvictionThresholds } from './eviction-thresholds.ts';
import type { FilesystemStats } from './filesystem-stats.ts';
import type { MachineInfo } from './machine-info.ts';

export type ResourceQuantities = ReadonlyMap<string, Quantity>;

export interface NodeCapacityOptions {
  /** maxPods; 110 by default. */
  readonly maxPods?: number;
  /** podsPerCore; 0 (no per-core limit) by default. */
  readonly podsPerCore?: number;
}

/** v1helper.HugePageResourceName: "hugepages-" and the page size as a binary quantity ("hugepages-2Mi"). */
export const hugePageResourceName = (pageSizeBytes: number): string => `hugepages-${quantityString(newQuantity(BigInt(pageSizeBytes), 'BinarySI'))}`;

/** The Node's capacity; without root file system stats there is no ephemeral-storage (the kubelet then reports NotReady). */
export function nodeCapacity(machine: MachineInfo, rootFilesystem: FilesystemStats | undefined, options: NodeCapacityOptions = {}): Map<string, Quantity> {
  const maxPods = options.maxPods ?? 110;
  const podsPerCore = options.podsPerCore ?? 0;
  const capacity = new Map<string, Quantity>([
    ['cpu', newQuantity(BigInt(machine.numCores), 'DecimalSI')],
    ['memory', newQuantity(BigInt(machine.memoryCapacity), 'BinarySI')],
  ]);
  for (const pages of machine.hugePages) {
    const pageSizeBytes = pages.pageSizeKiB * 1024;
    capacity.set(hugePageResourceName(pageSizeBytes), newQuantity(BigInt(pageSizeBytes) * BigInt(pages.numPages), 'BinarySI'));
  }
  const pods = podsPerCore > 0 ? Math.min(machine.numCores * podsPerCore, maxPods) : maxPods;
  capacity.set('pods', newQuantity(BigInt(pods), 'DecimalSI'));
  if (rootFilesystem !== undefined) capacity.set('ephemeral-storage', newQuantity(BigInt(rootFilesystem.capacity), 'BinarySI'));
  return capacity;
}

export interface NodeReservationOptions {
  readonly systemReserved?: Readonly<Record<string, string>>;
  readonly kubeReserved?: Readonly<Record<string, string>>;
  /** evictionHard; the kubelet's defaults when undefined. */
  readonly evictionHard?: Readonly<Record<string, string>>;
}

function parseReserved(reserved: Readonly<Record<string, string>> | undefined, field: string): Map<string, Quantity> {
  const parsed = new Map<string, Quantity>();
  for (const [name, text] of Object.entries(reserved ?? {})) {
    const result = parseQuantity(text);
    if ('error' in result) throw new Error(`${field}[${name}]: ${result.error}`);
    parsed.set(name, result.quantity);
  }
  return parsed;
}

const isHugePageResource = (name: string): boolean => name.startsWith('hugepages-');

/**
 * GetNodeAllocatableReservation: per resource of the container manager's capacity (every one but
 * pods), systemReserved + kubeReserved + the hard eviction reservation; zero sums are left out.
 */
export function nodeAllocatableReservation(capacity: ResourceQuantities, options: NodeReservationOptions = {}): Map<string, Quantity> {
  const systemReserved = parseReserved(options.systemReserved, 'systemReserved');
  const kubeReserved = parseReserved(options.kubeReserved, 'kubeReserved');
  const amount = (name: string): number => {
    const quantity = capacity.get(name);
    return quantity === undefined ? 0 : Number(quantityValue(quantity));
  };
  const eviction = hardEvictionReservation(parseEvictionThresholds(options.evictionHard), { memory: amount('memory'), ephemeralStorage: amount('ephemeral-storage') });
  const reservation = new Map<string, Quantity>();
  for (const name of capacity.keys()) {
    if (name === 'pods') continue;
    let value = newQuantity(0n, 'DecimalSI');
    for (const part of [systemReserved.get(name), kubeReserved.get(name), eviction.get(name)]) {
      if (part !== undefined) value = addQuantities(value, part);
    }
    if (quantitySign(value) !== 0) reservation.set(name, value);
  }
  return reservation;
}

const atLeastZero = (quantity: Quantity): Quantity => (quantitySign(quantity) < 0 ? newQuantity(0n, quantity.format) : quantity);

/** Allocatable: capacity less the reservation, then less every huge page size from memory. */
export function nodeAllocatable(capacity: ResourceQuantities, reservation: ResourceQuantities): Map<string, Quantity> {
  const allocatable = new Map<string, Quantity>();
  for (const [name, quantity] of capacity) {
    const reserved = reservation.get(name);
    allocatable.set(name, atLeastZero(reserved === undefined ? quantity : subtractQuantities(quantity, reserved)));
  }
  for (const [name, quantity] of capacity) {
    const memory = allocatable.get('memory');
    if (isHugePageResource(name) && memory !== undefined) allocatable.set('memory', atLeastZero(subtractQuantities(memory, quantity)));
  }
  return allocatable;
}

/** validateNodeAllocatable: the kubelet refuses to start when a reservation exceeds capacity (its message swaps the two numbers). */
export function validateNodeAllocatable(capacity: ResourceQuantities, reservation: ResourceQuantities): string | undefined {
  const errors: string[] = [];
  for (const [name, reserved] of [...reservation].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const left = subtractQuantities(capacity.get(name) ?? newQuantity(0n, 'DecimalSI'), reserved);
    if (quantitySign(left) < 0) errors.push(`Resource "${name}" has an allocatable of ${quantityString(reserved)}, capacity of ${quantityString(left)}`);
  }
  return errors.length === 0 ? undefined : `invalid Node Allocatable configuration. ${errors.join(' ')}`;
}

/** A resource list as the Node's JSON carries it: names sorted, quantities in canonical form. */
export function resourceList(quantities: ResourceQuantities): Record<string, string> {
  const list: Record<string, string> = {};
  const sorted = [...quantities].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, quantity] of sorted) list[name] = quantityString(quantity);
  return list;
}

/** Whether two resource lists hold equal quantities (a status write is needed when they differ). */
export function sameResources(a: ResourceQuantities, b: ResourceQuantities): boolean {
  if (a.size !== b.size) return false;
  for (const [name, quantity] of a) {
    const other = b.get(name);
    if (other === undefined || compareQuantities(quantity, other) !== 0) return false;
  }
  return true;
}

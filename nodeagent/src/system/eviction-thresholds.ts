// Hard eviction thresholds (evictionHard) parsed as the kubelet parses them, and the share of
// capacity they hold back from allocatable.

import { goQuote, newQuantity, parseQuantity, quantitySign, quantityString, quantityValue, type Quantity } from '@capstan/common';

/** The eviction signals the kubelet knows. */
export const evictionSignals = [
  'memory.available',
  'allocatableMemory.available',
  'nodefs.available',
  'nodefs.inodesFree',
  'imagefs.available',
  'imagefs.inodesFree',
  'containerfs.available',
  'containerfs.inodesFree',
  'pid.available',
] as const;
export type EvictionSignal = (typeof evictionSignals)[number];

/** The Linux kubelet's evictionHard when the configuration sets none. */
export const defaultEvictionHard: Readonly<Record<string, string>> = {
  'memory.available': '100Mi',
  'nodefs.available': '10%',
  'nodefs.inodesFree': '5%',
  'imagefs.available': '15%',
};

/** A threshold is a quantity, or a fraction of capacity (a float32, as the kubelet keeps it). */
export type ThresholdValue = { readonly quantity: Quantity } | { readonly percentage: number };

export interface EvictionThreshold {
  readonly signal: EvictionSignal;
  readonly value: ThresholdValue;
}

const isEvictionSignal = (name: string): name is EvictionSignal => (evictionSignals as readonly string[]).includes(name);

/** strconv.ParseFloat(text, 32), with Go's error text. */
function parseFloat32(text: string): number {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new Error(`strconv.ParseFloat: parsing ${goQuote(text)}: invalid syntax`);
  return Math.fround(Number(text));
}

/** parseThresholdStatement: undefined for "0%" and "100%", which turn a threshold off. */
export function parseEvictionThreshold(signal: string, value: string): EvictionThreshold | undefined {
  if (!isEvictionSignal(signal)) throw new Error(`unsupported eviction signal ${signal}`);
  if (value.endsWith('%')) {
    if (value === '0%' || value === '100%') return undefined;
    const percentage = Math.fround(parseFloat32(value.replace(/%+$/, '')) / 100);
    if (percentage < 0) throw new Error(`eviction percentage threshold ${signal} must be >= 0%: ${value}`);
    if (percentage > 1) throw new Error(`eviction percentage threshold ${signal} must be <= 100%: ${value}`);
    return { signal, value: { percentage } };
  }
  const parsed = parseQuantity(value);
  if ('error' in parsed) throw new Error(parsed.error);
  if (quantitySign(parsed.quantity) <= 0) throw new Error(`eviction threshold ${signal} must be positive: ${quantityString(parsed.quantity)}`);
  return { signal, value: { quantity: parsed.quantity } };
}

/** Every statement of an evictionHard map (the defaults when it is undefined). */
export function parseEvictionThresholds(statements: Readonly<Record<string, string>> = defaultEvictionHard): EvictionThreshold[] {
  const thresholds: EvictionThreshold[] = [];
  for (const [signal, value] of Object.entries(statements)) {
    const threshold = parseEvictionThreshold(signal, value);
    if (threshold !== undefined) thresholds.push(threshold);
  }
  return thresholds;
}

/** GetThresholdQuantity: the quantity itself, or int64(capacity x percentage) as a binary quantity. */
export function thresholdQuantity(value: ThresholdValue, capacity: number): Quantity {
  if ('quantity' in value) return value.quantity;
  return newQuantity(BigInt(Math.trunc(capacity * value.percentage)), 'BinarySI');
}

/** A threshold in the signal's own unit (bytes, inodes or PIDs), against the capacity it is a share of. */
export function thresholdAmount(value: ThresholdValue, capacity: number): number {
  return 'percentage' in value ? Math.trunc(capacity * value.percentage) : Number(quantityValue(value.quantity));
}

/** hardEvictionReservation: what memory.available and nodefs.available hold back of memory and ephemeral-storage. */
export function hardEvictionReservation(
  thresholds: readonly EvictionThreshold[],
  capacityBytes: { readonly memory?: number; readonly ephemeralStorage?: number },
): Map<string, Quantity> {
  const reservation = new Map<string, Quantity>();
  for (const threshold of thresholds) {
    if (threshold.signal === 'memory.available') reservation.set('memory', thresholdQuantity(threshold.value, capacityBytes.memory ?? 0));
    if (threshold.signal === 'nodefs.available') reservation.set('ephemeral-storage', thresholdQuantity(threshold.value, capacityBytes.ephemeralStorage ?? 0));
  }
  return reservation;
}

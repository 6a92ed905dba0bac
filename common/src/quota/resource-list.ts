// kube's quota arithmetic over resource lists (k8s.io/apiserver/pkg/quota/v1 resources.go): a
// ResourceList is a map of resource names to quantities; sums keep apimachinery's formats, so
// that what Capstan writes in status.used and in its messages reads as kube's.

import { decodeQuantity } from '../quantity/decode-quantity.ts';
import { addQuantities, compareQuantities, newQuantity, quantitySign, quantityString, subtractQuantities, type Quantity } from '../quantity/resource-quantity.ts';

export type ResourceList = Readonly<Record<string, Quantity>>;

/** resource.MustParse("0") and resource.Quantity{Format: DecimalSI}: both print "0". */
export const zeroQuantity: Quantity = newQuantity(0n, 'DecimalSI');
export const oneQuantity: Quantity = newQuantity(1n, 'DecimalSI');

/** The quantities of a JSON resource list (a spec's requests, a quota's hard); values that are no quantity are left out. */
export function resourceListOf(json: unknown): ResourceList {
  const list: Record<string, Quantity> = {};
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return list;
  for (const [name, value] of Object.entries(json)) {
    const quantity = decodeQuantity(value);
    if (quantity !== undefined) list[name] = quantity;
  }
  return list;
}

/** The JSON form of a resource list (each quantity's String()). */
export function resourceListJson(list: ResourceList): Record<string, string> {
  const json: Record<string, string> = {};
  for (const name of Object.keys(list).sort()) json[name] = quantityString(list[name] as Quantity);
  return json;
}

export function addResourceLists(a: ResourceList, b: ResourceList): ResourceList {
  const sum: Record<string, Quantity> = { ...a };
  for (const [name, quantity] of Object.entries(b)) {
    const current = sum[name];
    sum[name] = current === undefined ? quantity : addQuantities(current, quantity);
  }
  return sum;
}

/** a - b, each resource of either at least zero. */
export function subtractWithNonNegativeResult(a: ResourceList, b: ResourceList): ResourceList {
  const result: Record<string, Quantity> = {};
  for (const [name, quantity] of Object.entries(a)) {
    const other = b[name];
    const difference = other === undefined ? quantity : subtractQuantities(quantity, other);
    result[name] = quantitySign(difference) > 0 ? difference : zeroQuantity;
  }
  for (const name of Object.keys(b)) if (!(name in result)) result[name] = zeroQuantity;
  return result;
}

/** The part of the list whose resources are named. */
export function maskResourceList(list: ResourceList, names: Iterable<string>): ResourceList {
  const masked: Record<string, Quantity> = {};
  for (const name of names) {
    const quantity = list[name];
    if (quantity !== undefined) masked[name] = quantity;
  }
  return masked;
}

/** Whether every resource of `b` that `a` has is no more in `a`; with the resources that exceed. */
export function lessThanOrEqual(a: ResourceList, b: ResourceList): { readonly allowed: boolean; readonly exceeded: readonly string[] } {
  const exceeded = Object.entries(b).flatMap(([name, limit]) => {
    const value = a[name];
    return value !== undefined && compareQuantities(value, limit) > 0 ? [name] : [];
  });
  return { allowed: exceeded.length === 0, exceeded };
}

export function resourceListsEqual(a: ResourceList, b: ResourceList): boolean {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((name) => {
    const other = b[name];
    return other !== undefined && compareQuantities(a[name] as Quantity, other) === 0;
  });
}

export function removeZeros(list: ResourceList): ResourceList {
  return Object.fromEntries(Object.entries(list).filter(([, quantity]) => quantitySign(quantity) !== 0));
}

/** The resources whose quantity is negative. */
export const negativeResources = (list: ResourceList): string[] =>
  Object.entries(list)
    .filter(([, quantity]) => quantitySign(quantity) < 0)
    .map(([name]) => name);

/** kube's prettyPrint: `name=quantity` pairs by name, comma-separated. */
export const prettyPrintResourceList = (list: ResourceList): string =>
  Object.keys(list)
    .sort()
    .map((name) => `${name}=${quantityString(list[name] as Quantity)}`)
    .join(',');

/** kube's prettyPrintResourceNames: the names sorted, comma-separated. */
export const prettyPrintResourceNames = (names: Iterable<string>): string => [...names].sort().join(',');

// The order kube gives what it sorts "by hash": FNV-128a of the object as
// k8s.io/apimachinery's dump.ForHash prints it (spew's %#v with types, no pointer addresses). kube's
// Endpoints controller orders ports and subsets so (RepackSubsets), and its EndpointSlice controller
// orders a slice's ports so (NewPortMapKey sorts them in place); reproducing the printing makes the
// objects Capstan writes list them in the same order.

import type { EndpointAddress, EndpointPort as CoreEndpointPort, EndpointSubset } from '@capstan/common/api-types/core-v1';
import type { EndpointPort } from '@capstan/common/api-types/discovery-v1';

const encoder = new TextEncoder();

/** FNV-1a, 128 bits, as Go's hash/fnv New128a; hex. Eight 16-bit limbs, least significant first. */
export function fnv128a(text: string): string {
  // Offset basis 0x6c62272e07bb014262b821756295c58d.
  const h = [0xc58d, 0x6295, 0x2175, 0x62b8, 0x0142, 0x07bb, 0x272e, 0x6c62];
  const shifted = new Array<number>(8);
  for (const byte of encoder.encode(text)) {
    h[0] = (h[0] as number) ^ byte;
    // h * (2^88 + 0x13b) mod 2^128: h * 0x13b plus h shifted left by 88 bits (5 limbs and 8 bits).
    for (let k = 0; k < 8; k++) shifted[k] = (k >= 5 ? ((h[k - 5] as number) << 8) & 0xffff : 0) | (k >= 6 ? (h[k - 6] as number) >>> 8 : 0);
    let carry = 0;
    for (let k = 0; k < 8; k++) {
      const sum = (h[k] as number) * 0x13b + (shifted[k] as number) + carry;
      h[k] = sum & 0xffff;
      carry = Math.floor(sum / 0x10000);
    }
  }
  let hex = '';
  for (let k = 7; k >= 0; k--) hex += (h[k] as number).toString(16).padStart(4, '0');
  return hex;
}

const pointer = (type: string, value: string | number | undefined): string => `(*${type})${value === undefined ? '<nil>' : value}`;
const list = (type: string, items: readonly string[] | undefined): string => `([]${type})${items === undefined ? '<nil>' : `[${items.join(' ')}]`}`;

function goAddress(address: EndpointAddress): string {
  const ref = address.targetRef;
  const target =
    ref === undefined
      ? '(*v1.ObjectReference)<nil>'
      : `(*v1.ObjectReference){Kind:(string)${ref.kind ?? ''} Namespace:(string)${ref.namespace ?? ''} Name:(string)${ref.name ?? ''} UID:(types.UID)${ref.uid ?? ''} APIVersion:(string)${ref.apiVersion ?? ''} ResourceVersion:(string)${ref.resourceVersion ?? ''} FieldPath:(string)${ref.fieldPath ?? ''}}`;
  return `{IP:(string)${address.ip} Hostname:(string)${address.hostname ?? ''} NodeName:${pointer('string', address.nodeName)} TargetRef:${target}}`;
}

const goCorePortFields = (port: CoreEndpointPort): string =>
  `{Name:(string)${port.name ?? ''} Port:(int32)${port.port} Protocol:(v1.Protocol)${port.protocol ?? ''} AppProtocol:${pointer('string', port.appProtocol)}}`;

/** A v1.EndpointPort's hash (kube's portsByHash). */
export const corePortHash = (port: CoreEndpointPort): string => fnv128a(`(v1.EndpointPort)${goCorePortFields(port)}`);

/** A v1.EndpointSubset's hash (kube's subsetsByHash); absent lists are Go's nil slices. */
export function subsetHash(subset: EndpointSubset): string {
  return fnv128a(
    `(v1.EndpointSubset){Addresses:${list('v1.EndpointAddress', subset.addresses?.map(goAddress))} NotReadyAddresses:${list('v1.EndpointAddress', subset.notReadyAddresses?.map(goAddress))} Ports:${list('v1.EndpointPort', subset.ports?.map(goCorePortFields))}}`,
  );
}

/** A discovery/v1 EndpointPort's hash (kube's portsInOrder), every field a pointer. */
export const slicePortHash = (port: EndpointPort): string =>
  fnv128a(
    `(v1.EndpointPort){Name:${pointer('string', port.name)} Protocol:${pointer('v1.Protocol', port.protocol)} Port:${pointer('int32', port.port)} AppProtocol:${pointer('string', port.appProtocol)}}`,
  );

/** Sorted by a hash, each computed once. */
export function sortedByHash<T>(items: readonly T[], hash: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, key: hash(item) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ item }) => item);
}

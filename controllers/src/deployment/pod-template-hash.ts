// The pod-template-hash a Deployment gives each of its ReplicaSets (kube's controller.ComputeHash):
// a 32-bit FNV-1a hash of the pod template, with the collision count mixed in, written with the
// alphabet kube's rand.SafeEncodeString uses. kube hashes a Go dump of the template, which cannot
// be reproduced here: Capstan hashes a canonical JSON form instead, so names differ from kube's but
// are as stable (the same template always gets the same name).

import type { PodTemplateSpec } from '@capstan/common/api-types/core-v1';

/** apps/v1 DefaultDeploymentUniqueLabelKey. */
export const podTemplateHashLabel = 'pod-template-hash';

/** The characters of kube's SafeEncodeString (no vowels, no confusable digits). */
const safeAlphabet = 'bcdfghjklmnpqrstvwxz2456789';

/** The longest name a ReplicaSet may have (a DNS-1123 subdomain). */
const maxNameLength = 253;

/**
 * A value with what Go's zero values make indistinguishable removed: absent, null, "", 0, false,
 * empty lists and maps in objects (a field set to its zero value and an absent field are the same
 * template to kube), and object keys sorted. With `dropZeros` false, only absent fields go.
 */
export function canonicalValue(value: unknown, dropZeros = true): unknown {
  if (Array.isArray(value)) return value.map((item) => canonicalValue(item, dropZeros));
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const field = canonicalValue((value as Record<string, unknown>)[key], dropZeros);
    if (field === undefined || (dropZeros && isZero(field))) continue;
    result[key] = field;
  }
  return result;
}

function isZero(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === 0 || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function fnv32a(bytes: Uint8Array, hash = 0x811c9dc5): number {
  let h = hash;
  for (const byte of bytes) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** rand.SafeEncodeString: each character mapped into the safe alphabet. */
export function safeEncodeString(text: string): string {
  let encoded = '';
  for (const character of text) encoded += safeAlphabet[(character.codePointAt(0) as number) % safeAlphabet.length];
  return encoded;
}

/** controller.ComputeHash: the template's hash, the collision count (when set) appended as 8 little-endian bytes. */
export function computePodTemplateHash(template: PodTemplateSpec | undefined, collisionCount: number | undefined): string {
  let hash = fnv32a(new TextEncoder().encode(JSON.stringify(canonicalValue(template ?? {}))));
  if (collisionCount !== undefined && collisionCount !== null) {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setUint32(0, collisionCount >>> 0, true);
    hash = fnv32a(bytes, hash);
  }
  return safeEncodeString(String(hash));
}

/** "<deployment>-<hash>", the deployment's name cut short when the whole would be too long. */
export function replicaSetName(deploymentName: string, hash: string): string {
  const room = maxNameLength - 1 - hash.length;
  const prefix = deploymentName.length > room && room > 0 ? deploymentName.slice(0, room) : deploymentName;
  return `${prefix}-${hash}`;
}

function withoutHashLabel(template: PodTemplateSpec | undefined): unknown {
  const labels = { ...template?.metadata?.labels };
  delete labels[podTemplateHashLabel];
  return canonicalValue({ ...template, metadata: { ...template?.metadata, labels } });
}

/** EqualIgnoreHash: the two templates are the same but for their pod-template-hash label. */
export function equalIgnoreHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  return JSON.stringify(withoutHashLabel(a)) === JSON.stringify(withoutHashLabel(b));
}

// ControllerRevisions, the history StatefulSets and DaemonSets keep of their pod templates (kube's
// controller/history package): a revision is named "<owner>-<hash>", labelled with the hash, owned
// by its workload, and holds the strategic merge patch that puts the template back
// ({"spec":{"template":{...,"$patch":"replace"}}}) with a revision number.
//
// The hash: kube's HashControllerRevision is FNV-1 (32 bits) of the patch's JSON bytes and of the
// collision count, printed in decimal and "safe-encoded". Go writes that JSON with sorted keys and
// escaped <, > and &, as goJson does, so a StatefulSet's revision names come out as kube's when the
// template is served the same. kube's ComputeHash (DaemonSets' names and pods' hash label) hashes a
// Go memory dump that cannot be reproduced: computeTemplateHash hashes the canonical JSON instead.

import type { ControllerRevision } from '@capstan/common/api-types/apps-v1';
import type { PodTemplateSpec } from '@capstan/common/api-types/core-v1';
import { isAlreadyExists, type KubeObject, type RestClient } from '@capstan/common/client';
import { type ControllerKind, newControllerRef } from './controller-ref.ts';

export const controllerRevisionsResource = { group: 'apps', version: 'v1', resource: 'controllerrevisions' } as const;

/** The label a revision carries its hash in (history.ControllerRevisionHashLabel). */
export const controllerRevisionHashLabel = 'controller.kubernetes.io/hash';

/** rand.SafeEncodeString's alphabet: no vowels, no 0, 1 or 3, so that hashes spell no words. */
const safeAlphabet = 'bcdfghjklmnpqrstvwxz2456789';

export function safeEncodeString(text: string): string {
  let out = '';
  for (const character of text) out += safeAlphabet[(character.codePointAt(0) as number) % safeAlphabet.length];
  return out;
}

/** JSON as Go's encoding/json writes a map[string]interface{}: keys sorted, <, >, &, U+2028 and U+2029 escaped. */
export function goJson(value: unknown): string {
  return JSON.stringify(sortedKeys(value)).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) sorted[key] = sortedKeys(field);
  }
  return sorted;
}

const fnvOffset = 0x811c9dc5;
const fnvPrime = 0x01000193;

/** FNV-1 (hash/fnv's New32) or FNV-1a (New32a) over bytes, continuing from `hash`. */
function fnv32(bytes: Uint8Array, variant: '1' | '1a', hash = fnvOffset): number {
  let h = hash;
  for (const byte of bytes) {
    if (variant === '1a') h = Math.imul(h ^ byte, fnvPrime) >>> 0;
    else h = (Math.imul(h, fnvPrime) ^ byte) >>> 0;
  }
  return h >>> 0;
}

const utf8 = new TextEncoder();

/** history.HashControllerRevision of revision data: FNV-1 of its JSON, then of the collision count in decimal. */
export function hashControllerRevision(data: unknown, collisionCount: number | undefined): string {
  let hash = fnv32(utf8.encode(goJson(data)), '1');
  if (collisionCount !== undefined) hash = fnv32(utf8.encode(String(collisionCount)), '1', hash);
  return safeEncodeString(String(hash));
}

/**
 * controller.ComputeHash: FNV-1a of the template (its canonical JSON here), then of the collision
 * count as 8 little-endian bytes; the pod-template-hash of ReplicaSets and DaemonSets' revision hash.
 */
export function computeTemplateHash(template: PodTemplateSpec | undefined, collisionCount: number | undefined): string {
  let hash = fnv32(utf8.encode(goJson(template ?? {})), '1a');
  if (collisionCount !== undefined) {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setUint32(0, collisionCount >>> 0, true);
    hash = fnv32(bytes, '1a', hash);
  }
  return safeEncodeString(String(hash));
}

/** history.ControllerRevisionName: the owner's name (cut to 223 bytes) and the hash. */
export function controllerRevisionName(prefix: string, hash: string): string {
  return `${prefix.length > 223 ? prefix.slice(0, 223) : prefix}-${hash}`;
}

/**
 * The data StatefulSets and DaemonSets keep: a strategic merge patch that replaces spec.template,
 * its keys in Go's order, so that the JSON stored is the bytes kube writes (clients such as the
 * conformance tests compare them byte for byte).
 */
export function templatePatch(template: PodTemplateSpec | undefined): Record<string, unknown> {
  return sortedKeys({ spec: { template: { ...(template ?? {}), $patch: 'replace' } } }) as Record<string, unknown>;
}

/** The template a revision's patch puts back (kube applies the patch; it replaces the template whole). */
export function revisionTemplate(revision: ControllerRevision): PodTemplateSpec | undefined {
  const spec = (revision.data as { spec?: { template?: Record<string, unknown> } } | undefined)?.spec;
  if (spec?.template === undefined) return undefined;
  const { $patch: _replace, ...template } = spec.template;
  return template as PodTemplateSpec;
}

/** history.EqualRevision: the same data (compared in canonical form, as the bytes kube compares). */
export function equalRevision(a: ControllerRevision | undefined, b: ControllerRevision | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return goJson(a.data ?? null) === goJson(b.data ?? null);
}

function timeOf(object: KubeObject): number {
  const time = Date.parse(object.metadata?.creationTimestamp ?? '');
  return Number.isNaN(time) ? 0 : time;
}

/** history.SortControllerRevisions: by revision number, then creation time, then name (a new sorted array). */
export function sortControllerRevisions(revisions: readonly ControllerRevision[]): ControllerRevision[] {
  return [...revisions].sort((a, b) => {
    if (a.revision !== b.revision) return a.revision - b.revision;
    const time = timeOf(a) - timeOf(b);
    if (time !== 0) return time;
    const nameA = a.metadata?.name ?? '';
    const nameB = b.metadata?.name ?? '';
    return nameA < nameB ? -1 : nameA > nameB ? 1 : 0;
  });
}

/** One more than the highest revision number of sorted revisions (1 for none). */
export function nextRevisionNumber(sorted: readonly ControllerRevision[]): number {
  const last = sorted.at(-1);
  return last === undefined ? 1 : last.revision + 1;
}

export interface NewRevision {
  readonly owner: KubeObject;
  readonly kind: ControllerKind;
  readonly template: PodTemplateSpec | undefined;
  readonly revision: number;
  /** The owner's annotations, which StatefulSets copy onto their revisions (DaemonSets too). */
  readonly annotations?: Readonly<Record<string, string>>;
}

/** history.NewControllerRevision: the revision of a template, not yet named (createControllerRevision names it). */
export function newControllerRevision(spec: NewRevision): ControllerRevision {
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      namespace: spec.owner.metadata?.namespace,
      labels: { ...spec.template?.metadata?.labels },
      ...(spec.annotations !== undefined && Object.keys(spec.annotations).length > 0 ? { annotations: { ...spec.annotations } } : {}),
      ownerReferences: [newControllerRef(spec.owner, spec.kind)],
    },
    data: templatePatch(spec.template),
    revision: spec.revision,
  };
}

/** The revision named and labelled by its hash with this collision count. */
export function withRevisionHash(revision: ControllerRevision, ownerName: string, hash: string): ControllerRevision {
  return {
    ...revision,
    metadata: { ...revision.metadata, name: controllerRevisionName(ownerName, hash), labels: { ...revision.metadata?.labels, [controllerRevisionHashLabel]: hash } },
  };
}

/**
 * realHistory.CreateControllerRevision: creates the revision under its hash name; when the name is
 * taken by other data, the collision count goes up and the next name is tried. Answers the revision
 * (the existing one when it holds the same data) and the collision count reached.
 */
export async function createControllerRevision(
  client: RestClient,
  ownerName: string,
  revision: ControllerRevision,
  collisionCount: number,
): Promise<{ revision: ControllerRevision; collisionCount: number }> {
  const namespace = revision.metadata?.namespace;
  for (let count = collisionCount; ; count++) {
    const named = withRevisionHash(revision, ownerName, hashControllerRevision(revision.data, count));
    try {
      return { revision: await client.create<ControllerRevision>({ ...controllerRevisionsResource, namespace }, named), collisionCount: count };
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      const existing = await client.get<ControllerRevision>({ ...controllerRevisionsResource, namespace, name: named.metadata?.name });
      if (equalRevision(existing, named)) return { revision: existing, collisionCount: count };
    }
  }
}

/** Gives a revision a new revision number (a rollback to it, or it is the current one again). */
export async function updateRevisionNumber(client: RestClient, revision: ControllerRevision, number: number): Promise<ControllerRevision> {
  if (revision.revision === number) return revision;
  const target = { ...controllerRevisionsResource, namespace: revision.metadata?.namespace, name: revision.metadata?.name };
  return client.update<ControllerRevision>(target, { ...revision, revision: number });
}

/**
 * Deletes the oldest `excess` revisions of `sorted` (ascending revision numbers) that are not live,
 * as both controllers truncate their history down to revisionHistoryLimit.
 */
export async function deleteOldRevisions(
  client: RestClient,
  sorted: readonly ControllerRevision[],
  excess: number,
  isLive: (revision: ControllerRevision) => boolean,
): Promise<void> {
  let left = excess;
  for (const revision of sorted) {
    if (left <= 0) return;
    if (isLive(revision)) continue;
    await client.delete({ ...controllerRevisionsResource, namespace: revision.metadata?.namespace, name: revision.metadata?.name });
    left -= 1;
  }
}

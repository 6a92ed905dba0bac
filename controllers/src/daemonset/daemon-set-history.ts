// A DaemonSet's revisions (kube's constructHistory, snapshot and cleanupHistory): the revision
// whose data is the DaemonSet's template is the current one (created, named "<ds>-<hash>", when
// there is none; the newest kept and the pods relabelled when there are several), renumbered above
// the others; its hash labels the pods. Old revisions beyond revisionHistoryLimit go, oldest first,
// unless a pod still carries their hash.

import type { ControllerRevision, DaemonSet } from '@capstan/common/api-types/apps-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { isAlreadyExists, type RestClient } from '@capstan/common/client';
import { daemonSetKind } from '../workload/controller-ref.ts';
import {
  computeTemplateHash,
  controllerRevisionName,
  controllerRevisionsResource,
  deleteOldRevisions,
  equalRevision,
  newControllerRevision,
  sortControllerRevisions,
  updateRevisionNumber,
} from '../workload/controller-revision.ts';
import { podsResource } from '../workload/pod-control.ts';
import { daemonSetHashLabel } from './daemon-pod.ts';

export interface DaemonSetHistory {
  readonly current: ControllerRevision;
  readonly old: readonly ControllerRevision[];
  readonly hash: string;
}

function snapshotOf(ds: DaemonSet, revision: number): ControllerRevision {
  return newControllerRevision({ owner: ds, kind: daemonSetKind, template: ds.spec?.template, revision, annotations: ds.metadata?.annotations });
}

/** Match: the revision holds the DaemonSet's template. */
function matches(ds: DaemonSet, revision: ControllerRevision): boolean {
  return equalRevision(snapshotOf(ds, 0), revision);
}

function targetOf(revision: ControllerRevision) {
  return { ...controllerRevisionsResource, namespace: revision.metadata?.namespace, name: revision.metadata?.name };
}

/** snapshot: creates the current revision; a name taken by another template bumps status.collisionCount and fails (the sync is retried). */
async function snapshot(client: RestClient, ds: DaemonSet, revision: number): Promise<ControllerRevision> {
  const hash = computeTemplateHash(ds.spec?.template, ds.status?.collisionCount);
  const base = snapshotOf(ds, revision);
  const named: ControllerRevision = {
    ...base,
    metadata: { ...base.metadata, name: controllerRevisionName(ds.metadata?.name ?? '', hash), labels: { ...base.metadata?.labels, [daemonSetHashLabel]: hash } },
  };
  try {
    return await client.create<ControllerRevision>({ ...controllerRevisionsResource, namespace: ds.metadata?.namespace }, named);
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    const existing = await client.get<ControllerRevision>(targetOf(named));
    if (matches(ds, existing)) return existing;
    const fresh = await client.get<DaemonSet>({ ...daemonSetKind.resource, namespace: ds.metadata?.namespace, name: ds.metadata?.name });
    if (fresh.status?.collisionCount !== ds.status?.collisionCount) {
      throw new Error(
        `found a stale collision count (${ds.status?.collisionCount}, expected ${fresh.status?.collisionCount}) of DaemonSet "${ds.metadata?.name}" while processing; will retry until it is updated`,
      );
    }
    const status = { ...fresh.status, collisionCount: (fresh.status?.collisionCount ?? 0) + 1 } as DaemonSet['status'];
    await client.update({ ...daemonSetKind.resource, namespace: ds.metadata?.namespace, name: ds.metadata?.name, subresource: 'status' }, { ...fresh, status });
    throw error;
  }
}

/** dedupCurHistories: keeps the newest of several current revisions, relabels the pods to its hash, deletes the rest. */
async function dedup(client: RestClient, currents: readonly ControllerRevision[], pods: readonly Pod[]): Promise<ControllerRevision> {
  let keep = currents[0] as ControllerRevision;
  for (const revision of currents) if (revision.revision >= keep.revision) keep = revision;
  const hash = keep.metadata?.labels?.[daemonSetHashLabel] ?? '';
  for (const pod of pods) {
    if (pod.metadata?.labels?.[daemonSetHashLabel] === hash) continue;
    await client.patch(
      { ...podsResource, namespace: pod.metadata?.namespace, name: pod.metadata?.name },
      { metadata: { labels: { [daemonSetHashLabel]: hash } } },
      { type: 'merge' },
    );
  }
  for (const revision of currents) if (revision !== keep) await client.delete(targetOf(revision));
  return keep;
}

/** constructHistory over the revisions the DaemonSet controls (after claiming); `pods` are its pods, for a dedup. */
export async function constructHistory(
  client: RestClient,
  ds: DaemonSet,
  controlled: readonly ControllerRevision[],
  pods: () => Promise<readonly Pod[]>,
): Promise<DaemonSetHistory> {
  const currents: ControllerRevision[] = [];
  const old: ControllerRevision[] = [];
  for (let revision of controlled) {
    // A revision without the hash label (written by an old controller) is labelled with its name.
    if (revision.metadata?.labels?.[daemonSetHashLabel] === undefined) {
      revision = await client.update<ControllerRevision>(targetOf(revision), {
        ...revision,
        metadata: { ...revision.metadata, labels: { ...revision.metadata?.labels, [daemonSetHashLabel]: revision.metadata?.name ?? '' } },
      });
    }
    if (matches(ds, revision)) currents.push(revision);
    else old.push(revision);
  }
  const next = old.reduce((max, revision) => Math.max(max, revision.revision), 0) + 1;
  let current: ControllerRevision;
  if (currents.length === 0) current = await snapshot(client, ds, next);
  else {
    current = currents.length === 1 ? (currents[0] as ControllerRevision) : await dedup(client, currents, await pods());
    if (current.revision < next) current = await updateRevisionNumber(client, current, next);
  }
  return { current, old, hash: current.metadata?.labels?.[daemonSetHashLabel] ?? '' };
}

/** cleanupHistory: old revisions beyond spec.revisionHistoryLimit, oldest first, unless a pod (even a deleted terminal one) has their hash. */
export async function cleanupHistory(client: RestClient, ds: DaemonSet, old: readonly ControllerRevision[], pods: readonly Pod[]): Promise<void> {
  const excess = old.length - (ds.spec?.revisionHistoryLimit ?? 10);
  if (excess <= 0) return;
  const liveHashes = new Set(pods.map((pod) => pod.metadata?.labels?.[daemonSetHashLabel]).filter((hash) => hash));
  await deleteOldRevisions(client, sortControllerRevisions(old), excess, (revision) => liveHashes.has(revision.metadata?.labels?.[daemonSetHashLabel]));
}

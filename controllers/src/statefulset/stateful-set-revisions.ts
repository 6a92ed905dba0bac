// A StatefulSet's current and update revisions (getStatefulSetRevisions): the set's template
// becomes the update revision, reusing the newest revision when it holds the same template,
// renumbering an older equal one (a rollback), or creating a new one; the current revision is
// the one status.currentRevision names, else the update revision. truncateHistory keeps
// revisionHistoryLimit revisions besides the live ones (current, update, and those of pods).

import type { ControllerRevision, StatefulSet } from '@capstan/common/api-types/apps-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { RestClient } from '@capstan/common/client';
import { statefulSetKind } from '../workload/controller-ref.ts';
import { createControllerRevision, deleteOldRevisions, equalRevision, newControllerRevision, nextRevisionNumber, updateRevisionNumber } from '../workload/controller-revision.ts';
import { podRevision } from './stateful-pod-identity.ts';

export interface StatefulSetRevisions {
  readonly current: ControllerRevision;
  readonly update: ControllerRevision;
  readonly collisionCount: number;
}

/** newRevision: the set's template as a revision numbered `revision`, with the set's annotations. */
function proposedRevision(set: StatefulSet, revision: number): ControllerRevision {
  return newControllerRevision({ owner: set, kind: statefulSetKind, template: set.spec?.template, revision, annotations: set.metadata?.annotations });
}

export async function statefulSetRevisions(client: RestClient, set: StatefulSet, sorted: readonly ControllerRevision[]): Promise<StatefulSetRevisions> {
  let collisionCount = set.status?.collisionCount ?? 0;
  const proposed = proposedRevision(set, nextRevisionNumber(sorted));
  const equal = sorted.filter((revision) => equalRevision(revision, proposed));
  const latest = sorted.at(-1);
  const lastEqual = equal.at(-1);
  let update: ControllerRevision;
  if (lastEqual !== undefined && latest !== undefined && equalRevision(latest, lastEqual)) {
    update = latest;
  } else if (lastEqual !== undefined) {
    update = await updateRevisionNumber(client, lastEqual, proposed.revision);
  } else {
    const created = await createControllerRevision(client, set.metadata?.name ?? '', proposed, collisionCount);
    update = created.revision;
    collisionCount = created.collisionCount;
  }
  const current = sorted.find((revision) => revision.metadata?.name === set.status?.currentRevision) ?? update;
  return { current, update, collisionCount };
}

/** Deletes the oldest revisions that are not live beyond spec.revisionHistoryLimit. */
export async function truncateHistory(
  client: RestClient,
  set: StatefulSet,
  pods: readonly Pod[],
  sorted: readonly ControllerRevision[],
  live: readonly (ControllerRevision | undefined)[],
): Promise<void> {
  const liveNames = new Set<string>(pods.map(podRevision));
  for (const revision of live) if (revision?.metadata?.name !== undefined) liveNames.add(revision.metadata.name);
  const isLive = (revision: ControllerRevision): boolean => liveNames.has(revision.metadata?.name ?? '');
  const limit = set.spec?.revisionHistoryLimit ?? 10;
  const historic = sorted.filter((revision) => !isLive(revision)).length;
  if (limit < 0 || historic <= limit) return;
  await deleteOldRevisions(client, sorted, historic - limit, isLive);
}

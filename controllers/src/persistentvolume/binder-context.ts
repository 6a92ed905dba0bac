// What the persistent volume binder's parts share: its client and recorder, the informers' stores
// of the objects it reads, its own newest copies of claims and volumes, its two queues and its
// asynchronous operations (provisioning and deletion).

import type { Logger } from '@capstan/common';
import type { Node, PersistentVolume, PersistentVolumeClaim, Pod } from '@capstan/common/api-types/core-v1';
import type { StorageClass } from '@capstan/common/api-types/storage-v1';
import type { ReadonlyObjectStore, RestClient } from '@capstan/common/client';
import { type EventType, involvedObjectOf, type EventRecorder } from '../event-recorder.ts';
import type { WorkQueue } from '../work-queue.ts';
import type { LatestObjects } from './latest-objects.ts';
import type { Operations } from './operations.ts';
import type { VolumePlugins } from './volume-plugins.ts';

export interface BinderContext {
  readonly client: RestClient;
  readonly recorder: EventRecorder;
  readonly logger: Logger;
  readonly signal: AbortSignal;
  readonly claimStore: ReadonlyObjectStore<PersistentVolumeClaim>;
  readonly classes: ReadonlyObjectStore<StorageClass>;
  readonly nodes: ReadonlyObjectStore<Node>;
  readonly pods: ReadonlyObjectStore<Pod>;
  readonly volumes: LatestObjects<PersistentVolume>;
  readonly claims: LatestObjects<PersistentVolumeClaim>;
  readonly claimQueue: WorkQueue;
  readonly volumeQueue: WorkQueue;
  readonly operations: Operations;
  readonly plugins: VolumePlugins;
  /** --enable-dynamic-provisioning. */
  readonly dynamicProvisioning: boolean;
}

export const claimsResource = { group: '', version: 'v1', resource: 'persistentvolumeclaims' } as const;
export const volumesResource = { group: '', version: 'v1', resource: 'persistentvolumes' } as const;

export const claimKey = (claim: PersistentVolumeClaim): string => `${claim.metadata?.namespace}/${claim.metadata?.name}`;

export function claimEvent(context: BinderContext, claim: PersistentVolumeClaim, type: EventType, reason: string, message: string): void {
  void context.recorder.record(involvedObjectOf(claim, 'PersistentVolumeClaim', 'v1'), type, reason, message);
}

export function volumeEvent(context: BinderContext, volume: PersistentVolume, type: EventType, reason: string, message: string): void {
  void context.recorder.record(involvedObjectOf(volume, 'PersistentVolume', 'v1'), type, reason, message);
}

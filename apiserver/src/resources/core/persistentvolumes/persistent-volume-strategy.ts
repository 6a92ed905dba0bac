// PersistentVolumes: a delete answers the deleted object, and status.lastPhaseTransitionTime says
// when the phase last changed, as kube's PV strategies keep it: set on create (phase Pending), set
// again by a status write that changes the phase unless the writer set a new time itself, kept
// by one that leaves the phase alone.

import { objectOf } from '../../../registry/defaulting/json-fields.ts';
import { metaTime, type JsonObject } from '../../../registry/object-meta.ts';
import type { ResourceStrategy } from '../../../registry/strategy.ts';

export const persistentVolumeStrategy: ResourceStrategy = {
  returnsDeletedObject: true,
  prepareForCreate(volume) {
    volume.status = { ...objectOf(volume.status), phase: 'Pending', lastPhaseTransitionTime: metaTime(new Date()) };
  },
  prepareForStatusUpdate(next: JsonObject, old: JsonObject) {
    const status = { ...objectOf(next.status) };
    const oldStatus = objectOf(old.status);
    if (status.phase === oldStatus.phase) {
      if (status.lastPhaseTransitionTime === undefined && oldStatus.lastPhaseTransitionTime !== undefined) status.lastPhaseTransitionTime = oldStatus.lastPhaseTransitionTime;
    } else if (status.lastPhaseTransitionTime === undefined || status.lastPhaseTransitionTime === oldStatus.lastPhaseTransitionTime) {
      status.lastPhaseTransitionTime = metaTime(new Date());
    }
    next.status = status;
  },
};

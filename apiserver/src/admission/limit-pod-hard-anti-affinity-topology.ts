// kube-apiserver's LimitPodHardAntiAffinityTopology admission: a pod's required anti-affinity
// terms may only use the kubernetes.io/hostname topology key (one pod per node, not per zone).

import { newForbidden } from '@capstan/common';
import { objectOf, objectsAt, stringOf } from '../registry/defaulting/json-fields.ts';
import { metadataOf } from '../registry/object-meta.ts';
import { isPods, isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';

const hostnameLabel = 'kubernetes.io/hostname';

export const limitPodHardAntiAffinityTopology: AdmissionPlugin = {
  name: 'LimitPodHardAntiAffinityTopology',
  operations: ['CREATE', 'UPDATE'],
  validates: isPods,
  validate: (attributes) => {
    const pod = attributes.object;
    if (!isWriteOf(attributes, '', 'pods') || pod === undefined) return;
    const antiAffinity = objectOf(objectOf(objectOf(pod.spec).affinity).podAntiAffinity);
    for (const term of objectsAt(antiAffinity, 'requiredDuringSchedulingIgnoredDuringExecution')) {
      const topologyKey = stringOf(term.topologyKey);
      if (topologyKey === hostnameLabel) continue;
      // kube names the pod by its own name here, not the request's.
      throw newForbidden(
        { group: '', resource: 'pods' },
        stringOf(metadataOf(pod).name),
        `affinity.PodAntiAffinity.RequiredDuringScheduling has TopologyKey ${topologyKey} but only key ${hostnameLabel} is allowed`,
      );
    }
  },
};

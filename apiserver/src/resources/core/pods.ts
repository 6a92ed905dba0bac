// Pod (core): everything the API server does with pods, in one place: what discovery says, and the
// behaviour its store, endpoints and Table output take from here.

import { defaultPod } from './pod-defaults.ts';
import { at, field, flag, notSupported, podIP, same } from '../../registry/field-labels.ts';
import { specGeneration } from '../../registry/generation-policy.ts';
import { podStrategy } from './pods/pod-strategy.ts';
import { podSpecErrors } from './pods/pod-validation.ts';
import { podUpdateErrors } from '../../registry/validation/update-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs, createOnly, getPatchUpdate, proxyVerbs, status } from '../resource-facts.ts';
import { podColumns } from './pods/pod-columns.ts';

export const podResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'pods',
  singularName: 'pod',
  kind: 'Pod',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['po'],
  categories: ['all'],
  subresources: [
    { name: 'attach', kind: 'PodAttachOptions', verbs: ['create', 'get'], endpoint: 'stream' },
    { name: 'binding', kind: 'Binding', verbs: createOnly, endpoint: 'binding' },
    { name: 'ephemeralcontainers', kind: 'Pod', verbs: getPatchUpdate, endpoint: 'unserved' },
    { name: 'eviction', kind: 'Eviction', group: 'policy', version: 'v1', verbs: createOnly, endpoint: 'eviction' },
    { name: 'exec', kind: 'PodExecOptions', verbs: ['create', 'get'], endpoint: 'stream' },
    { name: 'log', kind: 'Pod', verbs: ['get'], endpoint: 'log' },
    { name: 'portforward', kind: 'PodPortForwardOptions', verbs: ['create', 'get'], endpoint: 'stream' },
    { name: 'proxy', kind: 'PodProxyOptions', verbs: proxyVerbs, endpoint: 'proxy' },
    { name: 'resize', kind: 'Pod', verbs: getPatchUpdate, endpoint: 'resize' },
    status('Pod'),
  ],
  storagePrefix: 'pods',
  behaviour: {
    strategy: podStrategy,
    defaults: defaultPod,
    validation: {
      validate: (pod) => podSpecErrors(pod.spec, 'spec'),
      validateUpdate: (next, old, objectErrors) => [...objectErrors, ...podUpdateErrors(next, old)],
    },
    names: 'dns1123Subdomain',
    // Pods since PodObservedGenerationTracking (GA in 1.35); also bumped through ephemeralcontainers and resize.
    generation: specGeneration,
    initialStatus: { phase: 'Pending' },
    statusKeeps: ['labels', 'annotations', 'finalizers'],
    createOnUpdate: false,
    fieldLabels: {
      accepted: [
        ...same('spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'spec.hostNetwork'),
        ...same('status.phase', 'status.podIP', 'status.podIPs', 'status.nominatedNodeName'),
        // Old v1 clients still send spec.host.
        ['spec.host', 'spec.nodeName'],
      ],
      metadataNamespace: true,
      // status.podIPs is accepted but ToSelectableFields never sets it, so it always reads "".
      readers: [
        ['spec.nodeName', field('spec', 'nodeName')],
        ['spec.restartPolicy', field('spec', 'restartPolicy')],
        ['spec.schedulerName', field('spec', 'schedulerName')],
        ['spec.serviceAccountName', field('spec', 'serviceAccountName')],
        ['spec.hostNetwork', (object) => flag(at(object, 'spec', 'hostNetwork'))],
        ['status.phase', field('status', 'phase')],
        ['status.podIP', podIP],
        ['status.nominatedNodeName', field('status', 'nominatedNodeName')],
      ],
      unsupported: notSupported,
    },
    table: podColumns,
    garbageCollection: 'DeleteDependents',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};

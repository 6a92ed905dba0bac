// kube-apiserver's LimitRanger admission (plugin/pkg/admission/limitranger): the LimitRanges of
// the namespace give a new pod's containers the default requests and limits they lack (mutating),
// then bound each container, the pod's totals and a claim's storage (validating); a violation is
// a 403 with kube's message. Pod updates are left alone but for a resize; objects being deleted
// are too.

import { aggregateMessage } from '../../authentication/token-union.ts';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { metadataOf } from '../../registry/object-meta.ts';
import { wholeList } from '../../registry/store-list.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { admissionForbidden } from '../admission-forbidden.ts';
import type { AdmissionPlugin } from '../admission-plugin.ts';
import { applyContainerDefaults } from './limit-defaults.ts';
import { claimLimitViolations, podLimitViolations } from './limit-validation.ts';

/** kube's SupportsAttributes: pods on create (and resize), claims on create and update. */
function supports(attributes: AdmissionAttributes): boolean {
  const { kind, operation, subresource } = attributes;
  const pod = kind.group === '' && kind.kind === 'Pod';
  if (pod && subresource === 'resize' && operation === 'UPDATE') return true;
  if (subresource !== '') return false;
  if (pod) return operation === 'CREATE';
  return kind.group === '' && kind.kind === 'PersistentVolumeClaim';
}

export function limitRanger(limitRanges: GenericStore): AdmissionPlugin {
  /** The namespace's LimitRanges, or undefined when the write is none of the plugin's. */
  const limitRangesFor = async (attributes: AdmissionAttributes): Promise<JsonObject[] | undefined> => {
    if (!supports(attributes) || attributes.object === undefined) return undefined;
    if (attributes.oldObject !== undefined && metadataOf(attributes.oldObject).deletionTimestamp !== undefined) return undefined;
    return limitRanges.readAll((await limitRanges.list(wholeList(attributes.namespace))).items);
  };
  return {
    name: 'LimitRanger',
    operations: ['CREATE', 'UPDATE'],
    mutates: (group, resource) => group === '' && resource === 'pods',
    validates: (group, resource) => group === '' && (resource === 'pods' || resource === 'persistentvolumeclaims'),
    admit: async (attributes) => {
      if (attributes.resource.resource !== 'pods') return;
      const items = await limitRangesFor(attributes);
      for (const limitRange of items ?? []) applyContainerDefaults(attributes.object as JsonObject, limitRange);
    },
    validate: async (attributes) => {
      const items = await limitRangesFor(attributes);
      const object = attributes.object as JsonObject;
      const violationsOf = attributes.resource.resource === 'pods' ? podLimitViolations : claimLimitViolations;
      for (const limitRange of items ?? []) {
        const violations = violationsOf(limitRange, object);
        if (violations.length > 0) throw admissionForbidden(attributes, aggregateMessage(violations));
      }
    },
  };
}

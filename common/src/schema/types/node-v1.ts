// The types of node.k8s.io/v1.

import { apiName, field, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { kinds, listKind, objectMetaField, quantityName, typeMetaFields } from './meta-v1.ts';

const node = (type: string): string => apiName('node', 'v1', type);

export const nodeV1Types: readonly TypeDeclaration[] = [
  struct(
    node('RuntimeClass'),
    'A container runtime configuration that pods can ask to run with.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      handler: field(2, string({ default: '' }), 'The name the CRI implementation knows this runtime configuration by.', { required: true }),
      overhead: pointer(field(3, ref(node('Overhead')), 'The resources a pod of this class uses beyond its containers.')),
      scheduling: pointer(field(4, ref(node('Scheduling')), 'Where pods of this class may be scheduled; unset means every node supports it.')),
    },
    { groupVersionKinds: kinds('RuntimeClass', ['node.k8s.io/v1']) },
  ),

  listKind(node('RuntimeClass'), 'node.k8s.io/v1', 'A list of RuntimeClasses.'),

  struct(node('Overhead'), 'The resources a runtime uses for a pod on top of its containers.', {
    podFixed: field(1, map(ref(quantityName)), 'The fixed amount of each resource a pod costs.'),
  }),

  struct(node('Scheduling'), 'The nodes that support a runtime class.', {
    nodeSelector: field(1, map(string({ default: '' })), "Labels a node must carry; merged into the pod's node selector.", { mapType: 'atomic' }),
    tolerations: field(2, list(ref(apiName('core', 'v1', 'Toleration'), { default: {} })), 'Tolerations added to pods of this class.', {
      listType: 'atomic',
    }),
  }),
];

// The types of coordination.k8s.io/v1.

import { apiName, field, int32, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { kinds, listKind, microTimeName, objectMetaField, typeMetaFields } from './meta-v1.ts';

const coordination = (type: string): string => apiName('coordination', 'v1', type);

export const coordinationV1Types: readonly TypeDeclaration[] = [
  struct(
    coordination('Lease'),
    'A lease that one holder at a time owns, for leader election and heartbeats.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(coordination('LeaseSpec'), { default: {} }), 'Who holds the lease and until when.'),
    },
    { groupVersionKinds: kinds('Lease', ['coordination.k8s.io/v1']) },
  ),

  listKind(coordination('Lease'), 'coordination.k8s.io/v1', 'A list of Leases.'),

  struct(coordination('LeaseSpec'), 'The holder of a lease and its timing.', {
    holderIdentity: pointer(field(1, string(), 'The identity of the current holder.')),
    leaseDurationSeconds: pointer(field(2, int32(), 'How long after the last renewal others must wait before taking the lease.')),
    acquireTime: pointer(field(3, ref(microTimeName), 'When the current holder acquired the lease.')),
    renewTime: pointer(field(4, ref(microTimeName), 'When the current holder last renewed the lease.')),
    leaseTransitions: pointer(field(5, int32(), 'How many times the lease has changed hands.')),
    strategy: pointer(field(6, string(), 'How coordinated leader election picks the holder; unset means no coordination.')),
    preferredHolder: pointer(field(7, string(), 'A better holder the current one should hand the lease to.')),
  }),
];

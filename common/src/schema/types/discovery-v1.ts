// The types of discovery.k8s.io/v1.

import { apiName, boolean, field, int32, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { addressTypes, protocols } from './enum-values.ts';
import { kinds, listKind, objectMetaField, typeMetaFields } from './meta-v1.ts';

const discovery = (type: string): string => apiName('discovery', 'v1', type);
const stringItems = list(string({ default: '' }));

export const discoveryV1Types: readonly TypeDeclaration[] = [
  struct(
    discovery('EndpointSlice'),
    'A share of the endpoints behind a service, with the ports they all expose.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      addressType: field(4, string({ default: '', enum: addressTypes }), 'The kind of address every endpoint of the slice carries: IPv4, IPv6 or FQDN.', { required: true }),
      endpoints: field(2, list(ref(discovery('Endpoint'), { default: {} })), 'The endpoints of this slice.', { required: true, listType: 'atomic' }),
      ports: field(3, list(ref(discovery('EndpointPort'), { default: {} })), 'The ports every endpoint of the slice exposes.', { listType: 'atomic' }),
    },
    { groupVersionKinds: kinds('EndpointSlice', ['discovery.k8s.io/v1']) },
  ),

  listKind(discovery('EndpointSlice'), 'discovery.k8s.io/v1', 'A list of EndpointSlices.'),

  struct(discovery('Endpoint'), 'One backend of a service: its addresses, state and location.', {
    addresses: field(1, stringItems, "The interchangeable addresses of the endpoint, of the slice's address type.", { required: true, listType: 'set' }),
    conditions: field(2, ref(discovery('EndpointConditions'), { default: {} }), 'Whether the endpoint is ready, serving or terminating.'),
    hostname: pointer(field(3, string(), 'A DNS label naming the endpoint, for consumers such as DNS.')),
    targetRef: pointer(field(4, ref(apiName('core', 'v1', 'ObjectReference')), 'The object, usually a pod, that the endpoint stands for.')),
    deprecatedTopology: field(5, map(string({ default: '' })), 'Topology labels kept from v1beta1; read-only through v1.'),
    nodeName: pointer(field(6, string(), 'The node the endpoint runs on.')),
    zone: pointer(field(7, string(), 'The zone the endpoint runs in.')),
    hints: pointer(field(8, ref(discovery('EndpointHints')), 'Hints on which consumers should use the endpoint.')),
  }),

  struct(discovery('EndpointConditions'), 'The state of an endpoint.', {
    ready: pointer(field(1, boolean(), 'Whether the endpoint can take traffic; unset means unknown.')),
    serving: pointer(field(2, boolean(), 'Like ready, but set even while the endpoint terminates.')),
    terminating: pointer(field(3, boolean(), 'Whether the endpoint is shutting down.')),
  }),

  struct(discovery('EndpointHints'), 'Hints for topology-aware routing to an endpoint.', {
    forZones: field(1, list(ref(discovery('ForZone'), { default: {} })), 'The zones whose clients should use this endpoint.', { listType: 'atomic' }),
    forNodes: field(2, list(ref(discovery('ForNode'), { default: {} })), 'The nodes whose clients should use this endpoint.', { listType: 'atomic' }),
  }),

  struct(discovery('ForZone'), 'A zone that should consume an endpoint.', {
    name: field(1, string({ default: '' }), 'The name of the zone.', { required: true }),
  }),

  struct(discovery('ForNode'), 'A node that should consume an endpoint.', {
    name: field(1, string({ default: '' }), 'The name of the node.', { required: true }),
  }),

  struct(
    discovery('EndpointPort'),
    'A port the endpoints of a slice expose.',
    {
      name: pointer(field(1, string(), 'The name of the port, unique within the slice; may be empty.')),
      protocol: pointer(field(2, string({ enum: protocols }), 'TCP, UDP or SCTP; TCP when unset.')),
      port: pointer(field(3, int32(), 'The port number; unset means every port.')),
      appProtocol: pointer(field(4, string(), 'The application protocol spoken on the port, such as a IANA service name.')),
    },
    { mapType: 'atomic' },
  ),
];

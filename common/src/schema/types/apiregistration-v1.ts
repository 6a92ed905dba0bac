// The types of apiregistration.k8s.io/v1.

import { boolean, bytes, field, int32, list, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { kinds, listKind, objectMetaField, timeName, typeMetaFields } from './meta-v1.ts';

const apiregistration = (type: string): string => `io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.${type}`;
const gv = 'apiregistration.k8s.io/v1';

export const apiregistrationV1Types: readonly TypeDeclaration[] = [
  struct(
    apiregistration('APIService'),
    'A server for one group-version; its name is "version.group".',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(apiregistration('APIServiceSpec'), { default: {} }), 'Where the server is and how to talk to it.'),
      status: field(3, ref(apiregistration('APIServiceStatus'), { default: {} }), 'Whether the server is available.'),
    },
    { groupVersionKinds: kinds('APIService', [gv]) },
  ),

  struct(apiregistration('APIServiceCondition'), 'One aspect of the state of an APIService.', {
    type: field(1, string({ default: '' }), 'What aspect the condition is about, such as Available.', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    lastTransitionTime: field(3, ref(timeName), 'When the status last changed.'),
    reason: field(4, string(), 'Why the status is what it is, in CamelCase.'),
    message: field(5, string(), 'Why the status is what it is, for people.'),
  }),
  listKind(apiregistration('APIService'), gv, 'A list of APIServices.'),

  struct(apiregistration('APIServiceSpec'), 'Where the server of a group-version is and how to talk to it over TLS.', {
    service: pointer(field(1, ref(apiregistration('ServiceReference')), 'The service in front of the server; unset means this server handles the group-version itself.')),
    group: field(2, string(), 'The API group served.'),
    version: field(3, string(), 'The API version served, such as "v1".'),
    insecureSkipTLSVerify: field(4, boolean(), "Whether to skip checking the server's certificate; strongly discouraged."),
    caBundle: field(5, bytes(), "PEM-encoded CA certificates to check the server's certificate with.", { listType: 'atomic' }),
    groupPriorityMinimum: field(7, int32({ default: 0 }), 'The least priority of the group; higher groups come first in discovery.', {
      required: true,
    }),
    versionPriority: field(8, int32({ default: 0 }), 'The order of this version within its group; higher comes first.', { required: true }),
  }),

  struct(apiregistration('APIServiceStatus'), 'The observed state of an APIService.', {
    conditions: field(1, list(ref(apiregistration('APIServiceCondition'), { default: {} })), 'The current conditions of the APIService.', {
      listType: 'map',
      listMapKeys: ['type'],
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
  }),

  struct(apiregistration('ServiceReference'), 'A reference to a Service.', {
    namespace: field(1, string(), 'The namespace of the service.'),
    name: field(2, string(), 'The name of the service.'),
    port: pointer(field(3, int32(), 'The port of the service to call; 443 when unset.')),
  }),
];

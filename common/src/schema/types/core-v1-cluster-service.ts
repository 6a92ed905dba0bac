// The core/v1 types of services and endpoints: Service, its spec and status, load balancers, and the legacy Endpoints.

import { apiName, boolean, field, int32, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { ipFamilies, ipFamilyPolicies, protocols, serviceAffinities, serviceTrafficPolicies, serviceTypes } from './enum-values.ts';
import { conditionName, intOrStringName, kinds, listKind, objectMetaField, typeMetaFields } from './meta-v1.ts';

const core = (type: string): string => apiName('core', 'v1', type);
const names = list(string({ default: '' }));

export const coreV1ClusterServiceTypes: readonly TypeDeclaration[] = [
  struct(
    core('Service'),
    'A stable name and virtual address in front of a set of pods, with the ports it forwards.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(core('ServiceSpec'), { default: {} }), 'What the service exposes and how.'),
      status: field(3, ref(core('ServiceStatus'), { default: {} }), 'The observed state of the service, such as its load balancer.'),
    },
    { groupVersionKinds: kinds('Service', ['v1']) },
  ),

  listKind(core('Service'), 'v1', 'A list of Services.'),

  struct(core('ServiceSpec'), 'What a service exposes: its ports, the pods it selects, its addresses and traffic policies.', {
    ports: field(1, list(ref(core('ServicePort'), { default: {} })), 'The ports the service exposes.', {
      listType: 'map',
      listMapKeys: ['port', 'protocol'],
      patchStrategy: 'merge',
      patchMergeKey: 'port',
    }),
    selector: field(2, map(string({ default: '' })), 'The labels of the pods traffic is routed to; without it, endpoints are managed elsewhere.', {
      mapType: 'atomic',
    }),
    clusterIP: field(3, string(), 'The virtual IP of the service, "None" for a headless one; usually assigned.'),
    clusterIPs: field(18, names, 'The virtual IPs of the service, at most one per IP family; the first equals clusterIP.', { listType: 'atomic' }),
    type: field(4, string({ enum: serviceTypes }), 'How the service is exposed: ClusterIP, NodePort, LoadBalancer or ExternalName.'),
    externalIPs: field(5, names, 'Further IPs, not managed by the cluster, on which nodes accept traffic for the service.', { listType: 'atomic' }),
    sessionAffinity: field(7, string({ enum: serviceAffinities }), 'ClientIP to keep sending a client to the same pod, or None.'),
    loadBalancerIP: field(8, string(), 'Deprecated: the IP asked of the load balancer.'),
    loadBalancerSourceRanges: field(9, names, 'The client IP ranges the load balancer lets in, where the provider supports it.', {
      listType: 'atomic',
    }),
    externalName: field(10, string(), 'The DNS name an ExternalName service aliases.'),
    externalTrafficPolicy: field(11, string({ enum: serviceTrafficPolicies }), 'Cluster or Local: whether external traffic may go to endpoints on other nodes.'),
    healthCheckNodePort: field(12, int32(), 'The node port on which load balancers check for local endpoints, with the Local policy.'),
    publishNotReadyAddresses: field(13, boolean(), 'With true, endpoints are published whether their pods are ready or not.'),
    sessionAffinityConfig: pointer(field(14, ref(core('SessionAffinityConfig')), 'The settings of session affinity.')),
    ipFamilies: field(19, list(string({ default: '', enum: ipFamilies })), 'The IP families (IPv4, IPv6) of the service, in order.', { listType: 'atomic' }),
    ipFamilyPolicy: pointer(field(17, string({ enum: ipFamilyPolicies }), 'SingleStack, PreferDualStack or RequireDualStack.')),
    allocateLoadBalancerNodePorts: pointer(field(20, boolean(), 'Whether node ports are allocated for a LoadBalancer service; true by default.')),
    loadBalancerClass: pointer(field(21, string(), 'The load balancer implementation that handles the service.')),
    internalTrafficPolicy: pointer(field(22, string({ enum: serviceTrafficPolicies }), 'Cluster or Local: whether cluster IP traffic may go to endpoints on other nodes.')),
    trafficDistribution: pointer(field(23, string(), 'A preference for how traffic is spread over endpoints, such as PreferClose.')),
  }),

  struct(core('ServicePort'), 'One port a service exposes.', {
    name: field(1, string(), 'The name of the port, unique within the service.'),
    protocol: field(2, string({ default: 'TCP', enum: protocols }), 'TCP, UDP or SCTP.'),
    appProtocol: pointer(field(6, string(), 'The application protocol spoken on the port, as a hint.')),
    port: field(3, int32({ default: 0 }), 'The port number the service exposes.', { required: true }),
    targetPort: field(4, ref(intOrStringName), 'The number or name of the port on the pods; defaults to port.'),
    nodePort: field(5, int32(), 'The port on every node, for NodePort and LoadBalancer services; usually assigned.'),
  }),

  struct(core('ServiceStatus'), 'The observed state of a service.', {
    loadBalancer: field(1, ref(core('LoadBalancerStatus'), { default: {} }), 'The state of the load balancer, if there is one.'),
    conditions: field(2, list(ref(conditionName, { default: {} })), 'The observed conditions of the service.', {
      listType: 'map',
      listMapKeys: ['type'],
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
  }),

  struct(core('SessionAffinityConfig'), 'The settings of session affinity.', {
    clientIP: pointer(field(1, ref(core('ClientIPConfig')), 'The settings of client IP based affinity.')),
  }),

  struct(core('ClientIPConfig'), 'The settings of client IP based session affinity.', {
    timeoutSeconds: pointer(field(1, int32(), 'How long a client sticks to the same pod, in seconds; 10800 by default.')),
  }),

  struct(core('LoadBalancerStatus'), 'The state of a load balancer.', {
    ingress: field(1, list(ref(core('LoadBalancerIngress'), { default: {} })), 'The points at which the load balancer takes traffic.', {
      listType: 'atomic',
    }),
  }),

  struct(core('LoadBalancerIngress'), 'One point at which a load balancer takes traffic.', {
    ip: field(1, string(), 'The IP of the point, for IP based load balancers.'),
    hostname: field(2, string(), 'The host name of the point, for DNS based load balancers.'),
    ipMode: pointer(field(3, string(), 'VIP or Proxy: how traffic to the IP reaches the nodes.')),
    ports: field(4, list(ref(core('PortStatus'), { default: {} })), 'The state of each service port on this point.', { listType: 'atomic' }),
  }),

  struct(core('PortStatus'), 'The state of one service port, and any error with it.', {
    port: field(1, int32({ default: 0 }), 'The port number.', { required: true }),
    protocol: field(2, string({ default: '', enum: protocols }), 'TCP, UDP or SCTP.', { required: true }),
    error: pointer(field(3, string(), 'What is wrong with the port, in CamelCase, if anything.')),
  }),

  struct(
    core('Endpoints'),
    'Deprecated (use EndpointSlice): the addresses and ports that serve a service.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      subsets: field(2, list(ref(core('EndpointSubset'), { default: {} })), 'Groups of addresses sharing the same ports.', { listType: 'atomic' }),
    },
    { groupVersionKinds: kinds('Endpoints', ['v1']) },
  ),

  listKind(core('Endpoints'), 'v1', 'A list of Endpoints.'),

  struct(core('EndpointSubset'), 'Addresses that all offer the same ports.', {
    addresses: field(1, list(ref(core('EndpointAddress'), { default: {} })), 'The ready addresses.', { listType: 'atomic' }),
    notReadyAddresses: field(2, list(ref(core('EndpointAddress'), { default: {} })), 'The addresses not ready yet.', { listType: 'atomic' }),
    ports: field(3, list(ref(core('EndpointPort'), { default: {} })), 'The ports the addresses offer.', { listType: 'atomic' }),
  }),

  struct(
    core('EndpointAddress'),
    'One address of an endpoint.',
    {
      ip: field(1, string({ default: '' }), 'The IP of the endpoint.', { required: true }),
      hostname: field(3, string(), 'The host name of the endpoint.'),
      nodeName: pointer(field(4, string(), 'The node the endpoint runs on.')),
      targetRef: pointer(field(2, ref(core('ObjectReference')), 'The object behind the endpoint, usually a pod.')),
    },
    { mapType: 'atomic' },
  ),

  struct(
    core('EndpointPort'),
    'One port of an endpoint.',
    {
      name: field(1, string(), 'The name of the port, matching the service port.'),
      port: field(2, int32({ default: 0 }), 'The port number.', { required: true }),
      protocol: field(3, string({ enum: protocols }), 'TCP, UDP or SCTP.'),
      appProtocol: pointer(field(4, string(), 'The application protocol spoken on the port, as a hint.')),
    },
    { mapType: 'atomic' },
  ),
];

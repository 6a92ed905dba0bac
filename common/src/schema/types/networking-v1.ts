// The types of networking.k8s.io/v1.

import { apiName, field, int32, list, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { pathTypes, policyTypes, protocols } from './enum-values.ts';
import { conditionName, intOrStringName, kinds, labelSelectorName, listKind, objectMetaField, typeMetaFields } from './meta-v1.ts';

const networking = (type: string): string => apiName('networking', 'v1', type);
const groupVersion = 'networking.k8s.io/v1';
const stringItems = list(string({ default: '' }));

export const networkingV1Types: readonly TypeDeclaration[] = [
  // Ingress

  struct(
    networking('Ingress'),
    'Rules that route outside HTTP traffic to services, by host and path.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(networking('IngressSpec'), { default: {} }), 'The routing wanted.'),
      status: field(3, ref(networking('IngressStatus'), { default: {} }), 'Where the ingress is reachable, as its controller reports.'),
    },
    { groupVersionKinds: kinds('Ingress', [groupVersion]) },
  ),

  listKind(networking('Ingress'), groupVersion, 'A list of Ingresses.'),

  struct(networking('IngressSpec'), 'The routing an ingress asks for.', {
    ingressClassName: pointer(field(4, string(), 'The IngressClass whose controller serves this ingress.')),
    defaultBackend: pointer(field(1, ref(networking('IngressBackend')), 'Where requests that match no rule go.')),
    tls: field(2, list(ref(networking('IngressTLS'), { default: {} })), 'The TLS settings, per set of hosts.', { listType: 'atomic' }),
    rules: field(3, list(ref(networking('IngressRule'), { default: {} })), 'The host rules; requests matching none go to the default backend.', {
      listType: 'atomic',
    }),
  }),

  struct(networking('IngressTLS'), 'TLS for a set of hosts of an ingress.', {
    hosts: field(1, stringItems, 'The hosts the certificate covers.', { listType: 'atomic' }),
    secretName: field(2, string(), 'The secret holding the certificate and key.'),
  }),

  struct(networking('IngressRule'), 'How requests for one host, or for any host, are routed.', {
    host: field(1, string(), 'The host name, exact or with a leading "*." wildcard label; empty means any host.'),
    // From the inline IngressRuleValue, Protobuf field 2 of IngressRule.
    http: pointer(field(1, ref(networking('HTTPIngressRuleValue')), 'The HTTP paths routed for the host.', { protobufEmbeddedIn: 2 })),
  }),

  struct(networking('HTTPIngressRuleValue'), 'The HTTP paths of an ingress rule.', {
    paths: field(1, list(ref(networking('HTTPIngressPath'), { default: {} })), 'The paths and the backends they go to.', {
      required: true,
      listType: 'atomic',
    }),
  }),

  struct(networking('HTTPIngressPath'), 'A path and the backend its requests go to.', {
    path: field(1, string(), 'The path requests are matched against; must start with "/".'),
    pathType: pointer(field(3, string({ enum: pathTypes }), 'Exact, Prefix or ImplementationSpecific: how the path is matched.', { required: true })),
    backend: field(2, ref(networking('IngressBackend'), { default: {} }), 'Where matching requests go.', { required: true }),
  }),

  struct(networking('IngressBackend'), 'Where an ingress sends requests: a service or another resource.', {
    service: pointer(field(4, ref(networking('IngressServiceBackend')), 'A service port; excludes resource.')),
    resource: pointer(field(3, ref(apiName('core', 'v1', 'TypedLocalObjectReference')), "Another object in the ingress's namespace; excludes service.")),
  }),

  struct(networking('IngressServiceBackend'), 'A service and port an ingress sends requests to.', {
    name: field(1, string({ default: '' }), "The name of the service, in the ingress's namespace.", { required: true }),
    port: field(2, ref(networking('ServiceBackendPort'), { default: {} }), 'The port of the service, by name or number.'),
  }),

  struct(
    networking('ServiceBackendPort'),
    'A port of a service, by name or by number.',
    {
      name: field(1, string(), 'The name of the port; excludes number.'),
      number: field(2, int32(), 'The number of the port; excludes name.'),
    },
    { mapType: 'atomic' },
  ),

  struct(networking('IngressStatus'), 'The observed state of an ingress.', {
    loadBalancer: field(1, ref(networking('IngressLoadBalancerStatus'), { default: {} }), 'The load balancer serving the ingress.'),
  }),

  struct(networking('IngressLoadBalancerStatus'), 'The state of the load balancer of an ingress.', {
    ingress: field(1, list(ref(networking('IngressLoadBalancerIngress'), { default: {} })), 'The points where the load balancer takes traffic.', {
      listType: 'atomic',
    }),
  }),

  struct(networking('IngressLoadBalancerIngress'), 'A point where an ingress load balancer takes traffic.', {
    ip: field(1, string(), 'The IP address of the point, when it has one.'),
    hostname: field(2, string(), 'The DNS name of the point, when it has one.'),
    ports: field(4, list(ref(networking('IngressPortStatus'), { default: {} })), 'The ports the point exposes.', { listType: 'atomic' }),
  }),

  struct(networking('IngressPortStatus'), 'The state of one port of an ingress load balancer.', {
    port: field(1, int32({ default: 0 }), 'The port number.', { required: true }),
    protocol: field(2, string({ default: '', enum: protocols }), 'TCP, UDP or SCTP.', { required: true }),
    error: pointer(field(3, string(), 'What is wrong with the port, in CamelCase, if anything.')),
  }),

  // IngressClass

  struct(
    networking('IngressClass'),
    'A kind of ingress, served by one controller with its parameters.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(networking('IngressClassSpec'), { default: {} }), 'The controller and parameters of the class.'),
    },
    { groupVersionKinds: kinds('IngressClass', [groupVersion]) },
  ),

  listKind(networking('IngressClass'), groupVersion, 'A list of IngressClasses.'),

  struct(networking('IngressClassSpec'), 'The controller and parameters of an ingress class.', {
    controller: field(1, string(), 'The name of the controller serving the class, such as "example.com/ingress-controller".'),
    parameters: pointer(field(2, ref(networking('IngressClassParametersReference')), 'An object holding more configuration for the controller.')),
  }),

  struct(networking('IngressClassParametersReference'), "The object that configures an ingress class's controller.", {
    apiGroup: pointer(field(1, string(), 'The API group of the object; empty for the core group.')),
    kind: field(2, string({ default: '' }), 'The kind of the object.', { required: true }),
    name: field(3, string({ default: '' }), 'The name of the object.', { required: true }),
    scope: pointer(field(4, string(), 'Cluster or Namespace: where the object lives.')),
    namespace: pointer(field(5, string(), 'The namespace of the object, when the scope is Namespace.')),
  }),

  // NetworkPolicy

  struct(
    networking('NetworkPolicy'),
    'Which traffic is allowed to and from a set of pods.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(networking('NetworkPolicySpec'), { default: {} }), 'The pods selected and the traffic allowed.'),
    },
    { groupVersionKinds: kinds('NetworkPolicy', [groupVersion]) },
  ),

  listKind(networking('NetworkPolicy'), groupVersion, 'A list of NetworkPolicies.'),

  struct(networking('NetworkPolicySpec'), 'The pods a network policy applies to and the traffic it allows.', {
    podSelector: field(1, ref(labelSelectorName, { default: {} }), 'The pods of the namespace the policy applies to; empty selects all.'),
    ingress: field(2, list(ref(networking('NetworkPolicyIngressRule'), { default: {} })), 'The incoming traffic allowed.', { listType: 'atomic' }),
    egress: field(3, list(ref(networking('NetworkPolicyEgressRule'), { default: {} })), 'The outgoing traffic allowed.', { listType: 'atomic' }),
    policyTypes: field(4, list(string({ default: '', enum: policyTypes })), 'Ingress, Egress or both: the directions the policy governs.', { listType: 'atomic' }),
  }),

  struct(networking('NetworkPolicyIngressRule'), 'Incoming traffic a network policy allows: from these peers on these ports.', {
    ports: field(1, list(ref(networking('NetworkPolicyPort'), { default: {} })), 'The ports allowed; empty means all.', { listType: 'atomic' }),
    from: field(2, list(ref(networking('NetworkPolicyPeer'), { default: {} })), 'The sources allowed; empty means all.', { listType: 'atomic' }),
  }),

  struct(networking('NetworkPolicyEgressRule'), 'Outgoing traffic a network policy allows: to these peers on these ports.', {
    ports: field(1, list(ref(networking('NetworkPolicyPort'), { default: {} })), 'The ports allowed; empty means all.', { listType: 'atomic' }),
    to: field(2, list(ref(networking('NetworkPolicyPeer'), { default: {} })), 'The destinations allowed; empty means all.', { listType: 'atomic' }),
  }),

  struct(networking('NetworkPolicyPeer'), 'A source or destination of traffic: selected pods and namespaces, or an IP block.', {
    podSelector: pointer(field(1, ref(labelSelectorName), "The pods, in the policy's namespace or in the selected namespaces.")),
    namespaceSelector: pointer(field(2, ref(labelSelectorName), 'The namespaces whose pods are peers.')),
    ipBlock: pointer(field(3, ref(networking('IPBlock')), 'A range of IP addresses; excludes the selectors.')),
  }),

  struct(networking('IPBlock'), 'A CIDR range, less some sub-ranges.', {
    cidr: field(1, string({ default: '' }), 'The range, such as "192.168.1.0/24".', { required: true }),
    except: field(2, stringItems, 'Ranges within cidr left out.', { listType: 'atomic' }),
  }),

  struct(networking('NetworkPolicyPort'), 'A port, or range of ports, traffic may use.', {
    protocol: pointer(field(1, string({ enum: protocols }), 'TCP, UDP or SCTP; TCP when unset.')),
    port: pointer(field(2, ref(intOrStringName), 'The port, by number or by name; unset means all.')),
    endPort: pointer(field(3, int32(), 'The last port of a range that starts at port.')),
  }),

  // IPAddress

  struct(
    networking('IPAddress'),
    'One allocated IP address, named by the address in canonical form.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(networking('IPAddressSpec'), { default: {} }), 'What the address is allocated to.'),
    },
    { groupVersionKinds: kinds('IPAddress', [groupVersion]) },
  ),

  listKind(networking('IPAddress'), groupVersion, 'A list of IPAddresses.'),

  struct(networking('IPAddressSpec'), 'What an IP address is allocated to.', {
    parentRef: pointer(field(1, ref(networking('ParentReference')), 'The object the address belongs to.', { required: true })),
  }),

  struct(networking('ParentReference'), 'The object an IP address belongs to.', {
    group: field(1, string(), 'The API group of the object.'),
    resource: field(2, string(), 'The resource of the object.', { required: true }),
    namespace: field(3, string(), 'The namespace of the object.'),
    name: field(4, string(), 'The name of the object.', { required: true }),
  }),

  // ServiceCIDR

  struct(
    networking('ServiceCIDR'),
    'A range of IP addresses that service cluster IPs are allocated from.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(networking('ServiceCIDRSpec'), { default: {} }), 'The ranges wanted.'),
      status: field(3, ref(networking('ServiceCIDRStatus'), { default: {} }), 'The observed state of the ranges.'),
    },
    { groupVersionKinds: kinds('ServiceCIDR', [groupVersion]) },
  ),

  listKind(networking('ServiceCIDR'), groupVersion, 'A list of ServiceCIDRs.'),

  struct(networking('ServiceCIDRSpec'), 'The ranges of a service CIDR.', {
    cidrs: field(1, stringItems, 'At most two CIDRs, one per IP family; immutable.', { listType: 'atomic' }),
  }),

  struct(networking('ServiceCIDRStatus'), 'The observed state of a service CIDR.', {
    conditions: field(1, list(ref(conditionName, { default: {} })), 'The conditions of the service CIDR.', {
      listType: 'map',
      listMapKeys: ['type'],
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
  }),
];

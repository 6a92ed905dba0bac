// The types of io.k8s.api.networking.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { TypedLocalObjectReference } from './core-v1.ts';
import type { Condition, LabelSelector, ListMeta, ObjectMeta } from './meta-v1.ts';
import type { IntOrString } from './util-intstr.ts';

/** Rules that route outside HTTP traffic to services, by host and path. */
export interface Ingress {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The routing wanted. */
  readonly spec?: IngressSpec;
  /** Where the ingress is reachable, as its controller reports. */
  readonly status?: IngressStatus;
}

/** A list of Ingresses. */
export interface IngressList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Ingress objects of this page. */
  readonly items: readonly Ingress[];
}

/** The routing an ingress asks for. */
export interface IngressSpec {
  /** The IngressClass whose controller serves this ingress. */
  readonly ingressClassName?: string;
  /** Where requests that match no rule go. */
  readonly defaultBackend?: IngressBackend;
  /** The TLS settings, per set of hosts. */
  readonly tls?: readonly IngressTLS[];
  /** The host rules; requests matching none go to the default backend. */
  readonly rules?: readonly IngressRule[];
}

/** TLS for a set of hosts of an ingress. */
export interface IngressTLS {
  /** The hosts the certificate covers. */
  readonly hosts?: readonly string[];
  /** The secret holding the certificate and key. */
  readonly secretName?: string;
}

/** How requests for one host, or for any host, are routed. */
export interface IngressRule {
  /** The host name, exact or with a leading "*." wildcard label; empty means any host. */
  readonly host?: string;
  /** The HTTP paths routed for the host. */
  readonly http?: HTTPIngressRuleValue;
}

/** The HTTP paths of an ingress rule. */
export interface HTTPIngressRuleValue {
  /** The paths and the backends they go to. */
  readonly paths: readonly HTTPIngressPath[];
}

/** A path and the backend its requests go to. */
export interface HTTPIngressPath {
  /** The path requests are matched against; must start with "/". */
  readonly path?: string;
  /** Exact, Prefix or ImplementationSpecific: how the path is matched. */
  readonly pathType: string;
  /** Where matching requests go. */
  readonly backend: IngressBackend;
}

/** Where an ingress sends requests: a service or another resource. */
export interface IngressBackend {
  /** A service port; excludes resource. */
  readonly service?: IngressServiceBackend;
  /** Another object in the ingress's namespace; excludes service. */
  readonly resource?: TypedLocalObjectReference;
}

/** A service and port an ingress sends requests to. */
export interface IngressServiceBackend {
  /** The name of the service, in the ingress's namespace. */
  readonly name: string;
  /** The port of the service, by name or number. */
  readonly port?: ServiceBackendPort;
}

/** A port of a service, by name or by number. */
export interface ServiceBackendPort {
  /** The name of the port; excludes number. */
  readonly name?: string;
  /** The number of the port; excludes name. */
  readonly number?: number;
}

/** The observed state of an ingress. */
export interface IngressStatus {
  /** The load balancer serving the ingress. */
  readonly loadBalancer?: IngressLoadBalancerStatus;
}

/** The state of the load balancer of an ingress. */
export interface IngressLoadBalancerStatus {
  /** The points where the load balancer takes traffic. */
  readonly ingress?: readonly IngressLoadBalancerIngress[];
}

/** A point where an ingress load balancer takes traffic. */
export interface IngressLoadBalancerIngress {
  /** The IP address of the point, when it has one. */
  readonly ip?: string;
  /** The DNS name of the point, when it has one. */
  readonly hostname?: string;
  /** The ports the point exposes. */
  readonly ports?: readonly IngressPortStatus[];
}

/** The state of one port of an ingress load balancer. */
export interface IngressPortStatus {
  /** The port number. */
  readonly port: number;
  /** TCP, UDP or SCTP. */
  readonly protocol: string;
  /** What is wrong with the port, in CamelCase, if anything. */
  readonly error?: string;
}

/** A kind of ingress, served by one controller with its parameters. */
export interface IngressClass {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The controller and parameters of the class. */
  readonly spec?: IngressClassSpec;
}

/** A list of IngressClasses. */
export interface IngressClassList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The IngressClass objects of this page. */
  readonly items: readonly IngressClass[];
}

/** The controller and parameters of an ingress class. */
export interface IngressClassSpec {
  /** The name of the controller serving the class, such as "example.com/ingress-controller". */
  readonly controller?: string;
  /** An object holding more configuration for the controller. */
  readonly parameters?: IngressClassParametersReference;
}

/** The object that configures an ingress class's controller. */
export interface IngressClassParametersReference {
  /** The API group of the object; empty for the core group. */
  readonly apiGroup?: string;
  /** The kind of the object. */
  readonly kind: string;
  /** The name of the object. */
  readonly name: string;
  /** Cluster or Namespace: where the object lives. */
  readonly scope?: string;
  /** The namespace of the object, when the scope is Namespace. */
  readonly namespace?: string;
}

/** Which traffic is allowed to and from a set of pods. */
export interface NetworkPolicy {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The pods selected and the traffic allowed. */
  readonly spec?: NetworkPolicySpec;
}

/** A list of NetworkPolicies. */
export interface NetworkPolicyList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The NetworkPolicy objects of this page. */
  readonly items: readonly NetworkPolicy[];
}

/** The pods a network policy applies to and the traffic it allows. */
export interface NetworkPolicySpec {
  /** The pods of the namespace the policy applies to; empty selects all. */
  readonly podSelector?: LabelSelector;
  /** The incoming traffic allowed. */
  readonly ingress?: readonly NetworkPolicyIngressRule[];
  /** The outgoing traffic allowed. */
  readonly egress?: readonly NetworkPolicyEgressRule[];
  /** Ingress, Egress or both: the directions the policy governs. */
  readonly policyTypes?: readonly string[];
}

/** Incoming traffic a network policy allows: from these peers on these ports. */
export interface NetworkPolicyIngressRule {
  /** The ports allowed; empty means all. */
  readonly ports?: readonly NetworkPolicyPort[];
  /** The sources allowed; empty means all. */
  readonly from?: readonly NetworkPolicyPeer[];
}

/** Outgoing traffic a network policy allows: to these peers on these ports. */
export interface NetworkPolicyEgressRule {
  /** The ports allowed; empty means all. */
  readonly ports?: readonly NetworkPolicyPort[];
  /** The destinations allowed; empty means all. */
  readonly to?: readonly NetworkPolicyPeer[];
}

/** A source or destination of traffic: selected pods and namespaces, or an IP block. */
export interface NetworkPolicyPeer {
  /** The pods, in the policy's namespace or in the selected namespaces. */
  readonly podSelector?: LabelSelector;
  /** The namespaces whose pods are peers. */
  readonly namespaceSelector?: LabelSelector;
  /** A range of IP addresses; excludes the selectors. */
  readonly ipBlock?: IPBlock;
}

/** A CIDR range, less some sub-ranges. */
export interface IPBlock {
  /** The range, such as "192.168.1.0/24". */
  readonly cidr: string;
  /** Ranges within cidr left out. */
  readonly except?: readonly string[];
}

/** A port, or range of ports, traffic may use. */
export interface NetworkPolicyPort {
  /** TCP, UDP or SCTP; TCP when unset. */
  readonly protocol?: string;
  /** The port, by number or by name; unset means all. */
  readonly port?: IntOrString;
  /** The last port of a range that starts at port. */
  readonly endPort?: number;
}

/** One allocated IP address, named by the address in canonical form. */
export interface IPAddress {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** What the address is allocated to. */
  readonly spec?: IPAddressSpec;
}

/** A list of IPAddresses. */
export interface IPAddressList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The IPAddress objects of this page. */
  readonly items: readonly IPAddress[];
}

/** What an IP address is allocated to. */
export interface IPAddressSpec {
  /** The object the address belongs to. */
  readonly parentRef: ParentReference;
}

/** The object an IP address belongs to. */
export interface ParentReference {
  /** The API group of the object. */
  readonly group?: string;
  /** The resource of the object. */
  readonly resource: string;
  /** The namespace of the object. */
  readonly namespace?: string;
  /** The name of the object. */
  readonly name: string;
}

/** A range of IP addresses that service cluster IPs are allocated from. */
export interface ServiceCIDR {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The ranges wanted. */
  readonly spec?: ServiceCIDRSpec;
  /** The observed state of the ranges. */
  readonly status?: ServiceCIDRStatus;
}

/** A list of ServiceCIDRs. */
export interface ServiceCIDRList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ServiceCIDR objects of this page. */
  readonly items: readonly ServiceCIDR[];
}

/** The ranges of a service CIDR. */
export interface ServiceCIDRSpec {
  /** At most two CIDRs, one per IP family; immutable. */
  readonly cidrs?: readonly string[];
}

/** The observed state of a service CIDR. */
export interface ServiceCIDRStatus {
  /** The conditions of the service CIDR. */
  readonly conditions?: readonly Condition[];
}

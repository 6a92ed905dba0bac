// The types of io.k8s.api.discovery.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { ObjectReference } from './core-v1.ts';
import type { ListMeta, ObjectMeta } from './meta-v1.ts';

/** A share of the endpoints behind a service, with the ports they all expose. */
export interface EndpointSlice {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The kind of address every endpoint of the slice carries: IPv4, IPv6 or FQDN. */
  readonly addressType: string;
  /** The endpoints of this slice. */
  readonly endpoints: readonly Endpoint[];
  /** The ports every endpoint of the slice exposes. */
  readonly ports?: readonly EndpointPort[];
}

/** A list of EndpointSlices. */
export interface EndpointSliceList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The EndpointSlice objects of this page. */
  readonly items: readonly EndpointSlice[];
}

/** One backend of a service: its addresses, state and location. */
export interface Endpoint {
  /** The interchangeable addresses of the endpoint, of the slice's address type. */
  readonly addresses: readonly string[];
  /** Whether the endpoint is ready, serving or terminating. */
  readonly conditions?: EndpointConditions;
  /** A DNS label naming the endpoint, for consumers such as DNS. */
  readonly hostname?: string;
  /** The object, usually a pod, that the endpoint stands for. */
  readonly targetRef?: ObjectReference;
  /** Topology labels kept from v1beta1; read-only through v1. */
  readonly deprecatedTopology?: Readonly<Record<string, string>>;
  /** The node the endpoint runs on. */
  readonly nodeName?: string;
  /** The zone the endpoint runs in. */
  readonly zone?: string;
  /** Hints on which consumers should use the endpoint. */
  readonly hints?: EndpointHints;
}

/** The state of an endpoint. */
export interface EndpointConditions {
  /** Whether the endpoint can take traffic; unset means unknown. */
  readonly ready?: boolean;
  /** Like ready, but set even while the endpoint terminates. */
  readonly serving?: boolean;
  /** Whether the endpoint is shutting down. */
  readonly terminating?: boolean;
}

/** Hints for topology-aware routing to an endpoint. */
export interface EndpointHints {
  /** The zones whose clients should use this endpoint. */
  readonly forZones?: readonly ForZone[];
  /** The nodes whose clients should use this endpoint. */
  readonly forNodes?: readonly ForNode[];
}

/** A zone that should consume an endpoint. */
export interface ForZone {
  /** The name of the zone. */
  readonly name: string;
}

/** A node that should consume an endpoint. */
export interface ForNode {
  /** The name of the node. */
  readonly name: string;
}

/** A port the endpoints of a slice expose. */
export interface EndpointPort {
  /** The name of the port, unique within the slice; may be empty. */
  readonly name?: string;
  /** TCP, UDP or SCTP; TCP when unset. */
  readonly protocol?: string;
  /** The port number; unset means every port. */
  readonly port?: number;
  /** The application protocol spoken on the port, such as a IANA service name. */
  readonly appProtocol?: string;
}

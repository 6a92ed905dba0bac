// The types of io.k8s.kube-aggregator.pkg.apis.apiregistration.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { ListMeta, ObjectMeta, Time } from './meta-v1.ts';

/** A server for one group-version; its name is "version.group". */
export interface APIService {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** Where the server is and how to talk to it. */
  readonly spec?: APIServiceSpec;
  /** Whether the server is available. */
  readonly status?: APIServiceStatus;
}

/** One aspect of the state of an APIService. */
export interface APIServiceCondition {
  /** What aspect the condition is about, such as Available. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status is what it is, in CamelCase. */
  readonly reason?: string;
  /** Why the status is what it is, for people. */
  readonly message?: string;
}

/** A list of APIServices. */
export interface APIServiceList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The APIService objects of this page. */
  readonly items: readonly APIService[];
}

/** Where the server of a group-version is and how to talk to it over TLS. */
export interface APIServiceSpec {
  /** The service in front of the server; unset means this server handles the group-version itself. */
  readonly service?: ServiceReference;
  /** The API group served. */
  readonly group?: string;
  /** The API version served, such as "v1". */
  readonly version?: string;
  /** Whether to skip checking the server's certificate; strongly discouraged. */
  readonly insecureSkipTLSVerify?: boolean;
  /** PEM-encoded CA certificates to check the server's certificate with. */
  readonly caBundle?: string;
  /** The least priority of the group; higher groups come first in discovery. */
  readonly groupPriorityMinimum: number;
  /** The order of this version within its group; higher comes first. */
  readonly versionPriority: number;
}

/** The observed state of an APIService. */
export interface APIServiceStatus {
  /** The current conditions of the APIService. */
  readonly conditions?: readonly APIServiceCondition[];
}

/** A reference to a Service. */
export interface ServiceReference {
  /** The namespace of the service. */
  readonly namespace?: string;
  /** The name of the service. */
  readonly name?: string;
  /** The port of the service to call; 443 when unset. */
  readonly port?: number;
}

// The declaration of one API resource: what discovery advertises, where its objects are stored,
// which verbs and subresources it serves, and its behaviour (resource-behaviour.ts). Built-in
// resources are declared one per file in resources/<group>/; a custom resource will be one made
// at run time from its CustomResourceDefinition.

import { groupVersionString } from '@capstan/common';
import type { ResourceBehaviour } from './resource-behaviour.ts';

export type Verb = 'create' | 'delete' | 'deletecollection' | 'get' | 'list' | 'patch' | 'update' | 'watch';

/**
 * What answers a subresource's requests: the router dispatches on it, so no resource is named
 * there. "unserved" is a subresource kube serves and Capstan not yet (pods' ephemeralcontainers):
 * 405 for every verb. "resize" is a pod's in-place resize of its containers' resources. "proxy" is the proxy of pods, services and nodes. "token" is a service account's
 * TokenRequest, 405 too on a server that issues no service account tokens.
 */
export type SubresourceEndpoint = 'status' | 'scale' | 'approval' | 'finalize' | 'binding' | 'eviction' | 'log' | 'stream' | 'token' | 'proxy' | 'resize' | 'unserved';

export interface SubresourceDefinition {
  /** e.g. "status", "scale", "log", "eviction". */
  readonly name: string;
  /** The kind a request and response of the subresource carry, e.g. "Scale" for scale. */
  readonly kind: string;
  /** Set when that kind lives in another group-version (autoscaling/v1 Scale, policy/v1 Eviction). */
  readonly group?: string;
  readonly version?: string;
  readonly verbs: readonly Verb[];
  readonly endpoint: SubresourceEndpoint;
  /** Set where kube's storage of the subresource has no table convertor: a Table request is a 406 (scale and approval never answer tables). */
  readonly noTables?: true;
  /** A custom resource's scale: where its replicas and selector are (the built-in kinds' are spec.replicas, status.replicas, spec.selector). */
  readonly scalePaths?: ScalePaths;
}

/** kube's CustomResourceSubresourceScale: each path as the CRD writes it (".spec.replicas"). */
export interface ScalePaths {
  readonly specReplicasPath: string;
  readonly statusReplicasPath: string;
  readonly labelSelectorPath?: string;
}

/**
 * A kind declared at run time by a CustomResourceDefinition's version: what its OpenAPI documents
 * are built from (a built-in kind's come from its type declarations).
 */
export interface CustomKind {
  readonly listKind: string;
  /** The version's schema.openAPIV3Schema as the CRD has it; undefined when it has none. */
  readonly openAPIV3Schema: unknown;
  /** The CRD's spec.preserveUnknownFields (v1 CRDs have false; older ones may keep true). */
  readonly preserveUnknownFields: boolean;
  /** The version's selectableFields' JSON paths, as written (".spec.color"). */
  readonly selectableFields: readonly string[];
}

/** What answers a resource that is never stored: a review (answered at once), the legacy bindings, componentstatuses. */
export type VirtualEndpoint = 'review' | 'binding' | 'component-statuses';

/**
 * What a custom resource's declaration says besides the facts every resource has: kube serves it
 * from its CustomResourceDefinition (its CRD handler and discovery controller), not a built-in registry.
 */
export interface CustomResourceFacts extends CustomKind {
  /** Discovery's storageVersionHash: of the CRD's storage version while that version is served, none otherwise. */
  readonly storageVersionHash: string | undefined;
  /** Whether its CRD is Terminating now (deleted, its objects being deleted): creates are refused, discovery lists fewer verbs. */
  terminating(): boolean;
  /** Set when the CRD marks this version deprecated: the Warning its requests get (its deprecationWarning, or kube's default text). */
  readonly deprecationWarning?: string;
}

interface ResourceFacts {
  /** "" for the core group. */
  readonly group: string;
  readonly version: string;
  /** The plural, lower-case resource name, e.g. "deployments". */
  readonly resource: string;
  readonly singularName: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly verbs: readonly Verb[];
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly subresources: readonly SubresourceDefinition[];
  /** What the resource does besides being stored: its strategy, defaults, validation, Table columns, ... */
  readonly behaviour: ResourceBehaviour;
  /**
   * Set for a custom resource: its kind is not among the built-in types (its schema and List kind
   * are here), its objects have no Protobuf message, and its CRD's state shows in discovery and creates.
   */
  readonly custom?: CustomResourceFacts;
}

/** A resource whose objects are stored. */
export interface StoredResourceDefinition extends ResourceFacts {
  /** Where kube-apiserver keeps these objects in etcd, below /registry/ (e.g. "pods", "services/specs", "deployments"). */
  readonly storagePrefix: string;
  readonly virtual?: undefined;
}

/** A resource that is never stored (tokenreviews, subjectaccessreviews, bindings, ...). */
export interface VirtualResourceDefinition extends ResourceFacts {
  readonly storagePrefix: undefined;
  readonly virtual: VirtualEndpoint;
}

export type ResourceDefinition = StoredResourceDefinition | VirtualResourceDefinition;

/** The apiVersion of the resource's objects. */
export const apiVersionOf = (definition: Pick<ResourceDefinition, 'group' | 'version'>): string => groupVersionString(definition.group, definition.version);

/** A custom resource's declaration: one whose kind a CustomResourceDefinition declares. */
export type CustomResourceDefinition = ResourceDefinition & { readonly custom: CustomResourceFacts };

export const isCustomResource = (definition: ResourceDefinition): definition is CustomResourceDefinition => definition.custom !== undefined;

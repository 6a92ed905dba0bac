// The declaration of one API resource: what discovery advertises, where its objects are stored,
// and which verbs and subresources it serves. Adding a built-in kind is mostly one of these.

import { groupVersionString } from '@capstan/common';

export type Verb = 'create' | 'delete' | 'deletecollection' | 'get' | 'list' | 'patch' | 'update' | 'watch';

export interface SubresourceDefinition {
  /** e.g. "status", "scale", "log", "eviction". */
  readonly name: string;
  /** The kind a request and response of the subresource carry, e.g. "Scale" for scale. */
  readonly kind: string;
  /** Set when that kind lives in another group-version (autoscaling/v1 Scale, policy/v1 Eviction). */
  readonly group?: string;
  readonly version?: string;
  readonly verbs: readonly Verb[];
}

export interface ResourceDefinition {
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
  /**
   * Where kube-apiserver keeps these objects in etcd, below /registry/ (e.g. "pods",
   * "services/specs", "deployments"); undefined for virtual resources that are never stored
   * (tokenreviews, subjectaccessreviews, bindings, ...).
   */
  readonly storagePrefix: string | undefined;
}

/** The apiVersion of the resource's objects. */
export const apiVersionOf = (definition: Pick<ResourceDefinition, 'group' | 'version'>): string => groupVersionString(definition.group, definition.version);

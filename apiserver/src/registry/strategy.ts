// The per-kind hooks of the generic store (kube-apiserver's RESTCreateStrategy,
// RESTGracefulDeleteStrategy and friends): what a kind does differently from the generic path.

import type { DeleteOptions } from './delete-options.ts';
import type { JsonObject } from './object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { jobStrategy } from './strategies/job-strategy.ts';
import { namespaceStrategy } from './strategies/namespace-strategy.ts';
import { podStrategy } from './strategies/pod-strategy.ts';
import { deviceClassStrategy, resourceClaimStrategy, resourceClaimTemplateStrategy, resourceSliceStrategy } from './strategies/resource-strategies.ts';
import { serviceStrategy } from './strategies/service-strategy.ts';
import { lookup, resourceKeyOf, type BuiltinResourceKey } from '../resources/builtin-keys.ts';

export interface ResourceStrategy {
  /** Fills what the kind owns on create; gets a copy it may change. */
  readonly prepareForCreate?: (object: JsonObject) => void;
  /** Fills what the kind owns on update, from the stored object; gets a copy it may change. */
  readonly prepareForUpdate?: (next: JsonObject, old: JsonObject) => void;
  /**
   * Graceful deletion: the grace period a delete gives the object, from the period asked for.
   * Kinds without it are deleted at once (or as soon as their finalizers are gone).
   */
  readonly gracePeriodSeconds?: (object: JsonObject, requested: number | undefined) => number;
  /** A kind whose first delete only marks the object (a namespace starts Terminating). */
  readonly beginDeletion?: (object: JsonObject, options: DeleteOptions, now: Date) => JsonObject | undefined;
  /** Why the object may not go yet although a delete was asked for, if anything holds it. */
  readonly finalDeletionBlocker?: (object: JsonObject) => string | undefined;
  /** The delete answers the object as it was, not a Success Status. */
  readonly returnsDeletedObject?: boolean;
}

const noHooks: ResourceStrategy = {};
const returnsDeletedObject: ResourceStrategy = { returnsDeletedObject: true };

const strategies: Readonly<Partial<Record<BuiltinResourceKey, ResourceStrategy>>> = {
  '/namespaces': namespaceStrategy,
  '/pods': podStrategy,
  '/services': { ...serviceStrategy, returnsDeletedObject: true },
  'batch/jobs': jobStrategy,
  // The kinds whose delete kube answers with the object (their storage's ReturnDeletedObject).
  '/persistentvolumeclaims': returnsDeletedObject,
  '/persistentvolumes': returnsDeletedObject,
  '/podtemplates': returnsDeletedObject,
  '/resourcequotas': returnsDeletedObject,
  '/serviceaccounts': returnsDeletedObject,
  'resource.k8s.io/deviceclasses': { ...deviceClassStrategy, returnsDeletedObject: true },
  'resource.k8s.io/resourceclaims': { ...resourceClaimStrategy, returnsDeletedObject: true },
  'resource.k8s.io/resourceclaimtemplates': { ...resourceClaimTemplateStrategy, returnsDeletedObject: true },
  'resource.k8s.io/resourceslices': { ...resourceSliceStrategy, returnsDeletedObject: true },
  'storage.k8s.io/csidrivers': returnsDeletedObject,
  'storage.k8s.io/csinodes': returnsDeletedObject,
  'storage.k8s.io/storageclasses': returnsDeletedObject,
  'storage.k8s.io/volumeattachments': returnsDeletedObject,
  'storage.k8s.io/volumeattributesclasses': returnsDeletedObject,
};

export function strategyFor(definition: Pick<ResourceDefinition, 'group' | 'resource'>): ResourceStrategy {
  return lookup(strategies, resourceKeyOf(definition)) ?? noHooks;
}

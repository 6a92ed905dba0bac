// What a resource does besides being stored: kube-apiserver's strategy, defaulting, validation,
// names, generation, status, field selectors, Table columns, garbage collection and conversions,
// as one declaration. Every field is required, so a resource that leaves one out is a type error
// rather than a silent default: "none" is written out (undefined, [], false, the default columns).

import type { JsonObject } from '@capstan/common';
import type { Defaulter } from '../registry/defaulting/defaulters.ts';
import type { GarbageCollectionPolicy } from '../registry/deletion.ts';
import type { KindFields } from '../registry/field-labels.ts';
import type { GenerationPolicy } from '../registry/generation-policy.ts';
import type { NameRule } from '../registry/name-validation.ts';
import type { MutableField } from '../registry/status-update-metadata.ts';
import type { ResourceStrategy } from '../registry/strategy.ts';
import type { StoredConversion } from '../registry/conversions/stored-conversion.ts';
import type { KindValidation } from '../registry/validation/kind-validation.ts';
import type { ReviewStatus } from '../endpoints/create-review.ts';
import type { ServiceAddresses } from './core/services/addresses/service-addresses.ts';
import type { ResourceHooks } from '../registry/resource-hooks.ts';
import type { TableColumns } from '../table/columns/column.ts';
import type { CustomObjectSchema } from '../customresources/custom-object-schema.ts';

/** What the API server builds once and hands to the resources whose storage needs it. */
export interface StorageHookContext {
  readonly serviceAddresses: ServiceAddresses;
}

export interface ResourceBehaviour {
  /** kube's RESTCreateStrategy, RESTUpdateStrategy and RESTDeleteStrategy hooks; {} for none. */
  readonly strategy: ResourceStrategy;
  /** kube's defaulting of the kind (SetObjectDefaults), applied to every object decoded. */
  readonly defaults: Defaulter | undefined;
  /** The kind's own checks (after the metadata checks every kind gets): of every write, of a create, of an update. */
  readonly validation: KindValidation;
  /** How an object's name is checked. */
  readonly names: NameRule;
  /** Whether and when metadata.generation is set and bumped. */
  readonly generation: GenerationPolicy;
  /**
   * The status a new object starts with when the kind has a status subresource: {} when undefined
   * (a built-in kind's status is a Go struct), what was sent for 'asSent', none for 'none' (a
   * custom resource's status is only what its status subresource writes).
   */
  readonly initialStatus: JsonObject | 'asSent' | 'none' | undefined;
  /** The metadata a status write may change; [] keeps all of it as stored. */
  readonly statusKeeps: readonly MutableField[];
  /** A PUT of a missing object creates it (kube's AllowCreateOnUpdate). */
  readonly createOnUpdate: boolean;
  /** The field selectors the resource supports besides metadata.name and metadata.namespace. */
  readonly fieldLabels: KindFields;
  /** The columns of its Table output (kube's table printer). */
  readonly table: TableColumns;
  /** What a delete does with dependents when the client does not say. */
  readonly garbageCollection: GarbageCollectionPolicy;
  /** The conversion from the version its objects are stored in, for a version served from another's storage. */
  readonly conversion: StoredConversion | undefined;
  /** For a review resource: the status its answer carries. */
  readonly review: ReviewStatus | undefined;
  /**
   * A custom resource's structural schema: its decoding prunes by it, its defaults and value
   * validation come from it. Built-in kinds have none: their declared types do the same.
   */
  readonly schema: CustomObjectSchema | undefined;
  /** What its storage does around writes (a Service's cluster IPs and node ports). */
  readonly storageHooks: ((context: StorageHookContext) => ResourceHooks) | undefined;
}

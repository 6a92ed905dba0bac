// The fields a kind can be selected by, as kube-apiserver 1.35 has them: which labels a fieldSelector
// may name (kube's field label conversion functions, pkg/apis/<group>/<version>/conversion.go) and
// the value each has on an object (the strategies' GetAttrs / ToSelectableFields). Each resource
// declares its own (`behaviour.fieldLabels`) with the readers here.

import { goQuote } from '@capstan/common';
import type { JsonObject } from './object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';

/** A kind's selectable fields: kube keeps acceptance and values apart, and so does this. */
export interface FieldLabels {
  /** The canonical label a requested one stands for (pods' spec.host is spec.nodeName), or undefined when unsupported. */
  canonical(label: string): string | undefined;
  /** The message of the 400 kube answers an unsupported label with. */
  unsupported(label: string): string;
  /** The value of a canonical field as GetAttrs renders it; "" for one the kind accepts but never sets. */
  read(object: JsonObject, canonical: string): string;
}

export type FieldReader = (object: JsonObject) => string;

/** The field labels a resource declares (its `behaviour.fieldLabels`). */
export interface KindFields {
  /** Requested label to canonical label, beyond metadata.name (and metadata.namespace where listed). */
  readonly accepted: readonly (readonly [string, string])[];
  readonly metadataNamespace: boolean;
  readonly readers: readonly (readonly [string, FieldReader])[];
  readonly unsupported: (label: string) => string;
}

export function at(object: unknown, ...path: string[]): unknown {
  let value = object;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as JsonObject)[key];
  }
  return value;
}

// Go zero values: GetAttrs formats struct fields, so an absent string is "", an absent count "0"
// and an absent bool "false" (never "").
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
export const count = (value: unknown): string => (typeof value === 'number' && Number.isInteger(value) ? String(value) : '0');
export const flag = (value: unknown): string => (value === true ? 'true' : 'false');
export const field =
  (...path: string[]): FieldReader =>
  (object) =>
    text(at(object, ...path));

export const notSupported = (label: string): string => `field label not supported: ${label}`;
// runtime.DefaultMetaV1FieldSelectorConversion: the kinds without a conversion function of their own.
const notKnown = (label: string): string => `${goQuote(label)} is not a known field selector: only "metadata.name", "metadata.namespace"`;

export const same = (...labels: string[]): (readonly [string, string])[] => labels.map((label) => [label, label] as const);

// The v1 wire form keeps the single status.podIP, which wins over status.podIPs when both are set
// (Convert_v1_PodStatus_To_core_PodStatus); kube selects on the first pod IP.
export const podIP: FieldReader = (object) => {
  const single = text(at(object, 'status', 'podIP'));
  if (single !== '') return single;
  const list = at(object, 'status', 'podIPs');
  return Array.isArray(list) ? text(at(list[0], 'ip')) : '';
};

// One stored Event is served as core/v1 (involvedObject, source, reportingComponent) and as
// events.k8s.io/v1 (regarding, deprecatedSource, reportingController); read whichever shape it has.
const eventReference =
  (key: string): FieldReader =>
  (object) =>
    text(at(object, 'involvedObject', key) ?? at(object, 'regarding', key));
const eventReporter: FieldReader = (object) => text(at(object, 'reportingComponent') ?? at(object, 'reportingController'));
const eventSource: FieldReader = (object) => {
  const component = text(at(object, 'source', 'component') ?? at(object, 'deprecatedSource', 'component'));
  return component !== '' ? component : eventReporter(object);
};
export const eventReferenceKeys = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'] as const;
export const eventReaders: (readonly [string, FieldReader])[] = [
  ...eventReferenceKeys.map((key) => [`involvedObject.${key}`, eventReference(key)] as const),
  ['reason', field('reason')],
  ['reportingComponent', eventReporter],
  ['source', eventSource],
  ['type', field('type')],
];

// Kinds without a conversion function accept both metadata fields, cluster-scoped ones included
// (where metadata.namespace then always reads "").
export const metadataFieldLabels: KindFields = { accepted: [], metadataNamespace: true, readers: [], unsupported: notKnown };

const cache = new WeakMap<ResourceDefinition, FieldLabels>();

export function fieldLabelsOf(definition: ResourceDefinition): FieldLabels {
  let labels = cache.get(definition);
  if (labels === undefined) {
    labels = build(definition, definition.behaviour.fieldLabels);
    cache.set(definition, labels);
  }
  return labels;
}

function build(definition: ResourceDefinition, kind: KindFields): FieldLabels {
  const accepted = new Map<string, string>([['metadata.name', 'metadata.name'], ...kind.accepted]);
  if (kind.metadataNamespace) accepted.set('metadata.namespace', 'metadata.namespace');
  const readers = new Map<string, FieldReader>(kind.readers);
  readers.set('metadata.name', field('metadata', 'name'));
  // ObjectMetaFieldsSet leaves metadata.namespace out of a cluster-scoped object's fields.
  readers.set('metadata.namespace', definition.namespaced ? field('metadata', 'namespace') : () => '');
  return {
    canonical: (label) => accepted.get(label),
    unsupported: kind.unsupported,
    read: (object, canonical) => readers.get(canonical)?.(object) ?? '',
  };
}

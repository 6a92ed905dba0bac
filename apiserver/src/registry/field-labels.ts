// The fields each built-in kind can be selected by, as kube-apiserver 1.35 has them: which labels a
// fieldSelector may name (kube's field label conversion functions, pkg/apis/<group>/<version>/conversion.go)
// and the value each has on an object (the registry strategies' GetAttrs / ToSelectableFields).

import { goQuote } from '@capstan/common';
import type { JsonObject } from './object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { lookup, resourceKeyOf, type BuiltinResourceKey } from '../resources/builtin-keys.ts';

/** A kind's selectable fields: kube keeps acceptance and values apart, and so does this. */
export interface FieldLabels {
  /** The canonical label a requested one stands for (pods' spec.host is spec.nodeName), or undefined when unsupported. */
  canonical(label: string): string | undefined;
  /** The message of the 400 kube answers an unsupported label with. */
  unsupported(label: string): string;
  /** The value of a canonical field as GetAttrs renders it; "" for one the kind accepts but never sets. */
  read(object: JsonObject, canonical: string): string;
}

type FieldReader = (object: JsonObject) => string;

interface KindFields {
  /** Requested label to canonical label, beyond metadata.name (and metadata.namespace where listed). */
  readonly accepted: readonly (readonly [string, string])[];
  readonly metadataNamespace: boolean;
  readonly readers: readonly (readonly [string, FieldReader])[];
  readonly unsupported: (label: string) => string;
}

function at(object: unknown, ...path: string[]): unknown {
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
const count = (value: unknown): string => (typeof value === 'number' && Number.isInteger(value) ? String(value) : '0');
const flag = (value: unknown): string => (value === true ? 'true' : 'false');
const field =
  (...path: string[]): FieldReader =>
  (object) =>
    text(at(object, ...path));

const notSupported = (label: string): string => `field label not supported: ${label}`;
// runtime.DefaultMetaV1FieldSelectorConversion: the kinds without a conversion function of their own.
const notKnown = (label: string): string => `${goQuote(label)} is not a known field selector: only "metadata.name", "metadata.namespace"`;

const same = (...labels: string[]): (readonly [string, string])[] => labels.map((label) => [label, label] as const);

// The v1 wire form keeps the single status.podIP, which wins over status.podIPs when both are set
// (Convert_v1_PodStatus_To_core_PodStatus); kube selects on the first pod IP.
const podIP: FieldReader = (object) => {
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
const eventReferenceKeys = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'] as const;
const eventReaders: (readonly [string, FieldReader])[] = [
  ...eventReferenceKeys.map((key) => [`involvedObject.${key}`, eventReference(key)] as const),
  ['reason', field('reason')],
  ['reportingComponent', eventReporter],
  ['source', eventSource],
  ['type', field('type')],
];

const kinds: ReadonlyMap<BuiltinResourceKey, KindFields> = new Map<BuiltinResourceKey, KindFields>([
  [
    '/pods',
    {
      accepted: [
        ...same('spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'spec.hostNetwork'),
        ...same('status.phase', 'status.podIP', 'status.podIPs', 'status.nominatedNodeName'),
        // Old v1 clients still send spec.host.
        ['spec.host', 'spec.nodeName'],
      ],
      metadataNamespace: true,
      // status.podIPs is accepted but ToSelectableFields never sets it, so it always reads "".
      readers: [
        ['spec.nodeName', field('spec', 'nodeName')],
        ['spec.restartPolicy', field('spec', 'restartPolicy')],
        ['spec.schedulerName', field('spec', 'schedulerName')],
        ['spec.serviceAccountName', field('spec', 'serviceAccountName')],
        ['spec.hostNetwork', (object) => flag(at(object, 'spec', 'hostNetwork'))],
        ['status.phase', field('status', 'phase')],
        ['status.podIP', podIP],
        ['status.nominatedNodeName', field('status', 'nominatedNodeName')],
      ],
      unsupported: notSupported,
    },
  ],
  [
    '/nodes',
    {
      accepted: same('spec.unschedulable'),
      metadataNamespace: false,
      readers: [['spec.unschedulable', (object) => flag(at(object, 'spec', 'unschedulable'))]],
      unsupported: notSupported,
    },
  ],
  [
    '/replicationcontrollers',
    {
      accepted: same('status.replicas'),
      metadataNamespace: true,
      readers: [['status.replicas', (object) => count(at(object, 'status', 'replicas'))]],
      unsupported: notSupported,
    },
  ],
  [
    '/events',
    {
      accepted: same(...eventReferenceKeys.map((key) => `involvedObject.${key}`), 'reason', 'reportingComponent', 'source', 'type'),
      metadataNamespace: true,
      readers: eventReaders,
      unsupported: notSupported,
    },
  ],
  [
    'events.k8s.io/events',
    {
      // The same storage under events.k8s.io/v1 names; the core spellings are refused here.
      accepted: [
        ...eventReferenceKeys.map((key) => [`regarding.${key}`, `involvedObject.${key}`] as const),
        ['reportingController', 'reportingComponent'],
        ...same('reason', 'source', 'type'),
      ],
      metadataNamespace: true,
      readers: eventReaders,
      unsupported: notSupported,
    },
  ],
  ['/namespaces', { accepted: same('status.phase'), metadataNamespace: false, readers: [['status.phase', field('status', 'phase')]], unsupported: notSupported }],
  ['/secrets', { accepted: same('type'), metadataNamespace: true, readers: [['type', field('type')]], unsupported: notSupported }],
  [
    '/services',
    {
      accepted: same('spec.clusterIP', 'spec.type'),
      metadataNamespace: true,
      readers: [
        ['spec.clusterIP', field('spec', 'clusterIP')],
        ['spec.type', field('spec', 'type')],
      ],
      unsupported: notSupported,
    },
  ],
  [
    'batch/jobs',
    {
      accepted: same('status.successful'),
      metadataNamespace: true,
      // The label says "successful", the field it reads is status.succeeded.
      readers: [['status.successful', (object) => count(at(object, 'status', 'succeeded'))]],
      unsupported: (label) => `field label ${goQuote(label)} not supported for Job`,
    },
  ],
  [
    'certificates.k8s.io/certificatesigningrequests',
    { accepted: same('spec.signerName'), metadataNamespace: false, readers: [['spec.signerName', field('spec', 'signerName')]], unsupported: notSupported },
  ],
  [
    'resource.k8s.io/resourceslices',
    {
      accepted: same('spec.nodeName', 'spec.driver'),
      metadataNamespace: false,
      readers: [
        ['spec.nodeName', field('spec', 'nodeName')],
        ['spec.driver', field('spec', 'driver')],
      ],
      unsupported: (label) => `field label not supported for resource.k8s.io/v1, Kind=ResourceSlice: ${label}`,
    },
  ],
]);

// Kinds without a conversion function accept both metadata fields, cluster-scoped ones included
// (where metadata.namespace then always reads "").
const metadataOnly: KindFields = { accepted: [], metadataNamespace: true, readers: [], unsupported: notKnown };

const cache = new WeakMap<ResourceDefinition, FieldLabels>();

export function fieldLabelsOf(definition: ResourceDefinition): FieldLabels {
  let labels = cache.get(definition);
  if (labels === undefined) {
    labels = build(definition, lookup(kinds, resourceKeyOf(definition)) ?? metadataOnly);
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

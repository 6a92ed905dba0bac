// The columns kube-apiserver's printers show for CertificateSigningRequest, FlowSchema, PriorityLevelConfiguration, the storage.k8s.io CSI and volume kinds, admission webhooks and policies, and APIService.
//
// Cells are computed from stored objects the way kube's printers see them after decoding and
// defaulting: a field the API server would have defaulted on create reads as that default when a
// stored object lacks it.

import { quantityText, labelSelectorGoString, arrayAt, fieldAt, hasField, optionalNumberAt, recordAt, stringAt, byCodePoint, type JsonObject } from '@capstan/common';
import { humanDuration } from '../human-duration.ts';
import { ageColumn, ageOf, column, nameColumn, nameOf, type ColumnDefinition, type TableColumns } from './column.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringsOf = (values: readonly unknown[]): string[] => values.map((value) => (typeof value === 'string' ? value : ''));

// ---------------------------------------------------------------- certificates.k8s.io

/** "Approved,Issued": Denied over Approved over Pending, then Failed and Issued when they apply. */
function csrCondition(csr: JsonObject): string {
  const types = new Set(arrayAt(csr, 'status', 'conditions').map((condition) => stringAt(condition, 'type')));
  let status = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) status += ',Failed';
  // The certificate is bytes, base64 in JSON: any non-empty text is a non-empty certificate.
  if (stringAt(csr, 'status', 'certificate') !== '') status += ',Issued';
  return status;
}

export const certificateSigningRequestColumns: TableColumns = {
  definitions: [
    nameColumn,
    ageColumn,
    column('SignerName', 'string', 'The signer the request is addressed to.'),
    column('Requestor', 'string', 'The user who created the request.'),
    column('RequestedDuration', 'string', 'The validity period the requestor asked for.'),
    column('Condition', 'string', 'Whether the request is approved, denied or pending, and whether a certificate was issued.'),
  ],
  cells: (csr, now) => {
    const seconds = optionalNumberAt(csr, 'spec', 'expirationSeconds');
    return [
      nameOf(csr),
      ageOf(csr, now),
      stringAt(csr, 'spec', 'signerName') || '<none>',
      stringAt(csr, 'spec', 'username'),
      seconds === undefined ? '<none>' : humanDuration(seconds * 1000),
      csrCondition(csr),
    ];
  },
};

// ---------------------------------------------------------------- flowcontrol.apiserver.k8s.io

// Defaults flowcontrol v1 fills in on create.
const defaultMatchingPrecedence = 1000;
const defaultNominalConcurrencyShares = 30;
const defaultQueues = 64;
const defaultHandSize = 8;
const defaultQueueLengthLimit = 50;

/** A non-pointer int32 that defaults when zero: absent and 0 both read as the default. */
const defaultedWhenZero = (value: number | undefined, fallback: number): number => (value === undefined || value === 0 ? fallback : value);

const matchingPrecedenceOf = (flowSchema: unknown): number => defaultedWhenZero(optionalNumberAt(flowSchema, 'spec', 'matchingPrecedence'), defaultMatchingPrecedence);

/** "True" or "False" from the Dangling condition; "?" while no controller has judged the reference. */
function missingPriorityLevel(flowSchema: JsonObject): string {
  const dangling = arrayAt(flowSchema, 'status', 'conditions').find((condition) => stringAt(condition, 'type') === 'Dangling');
  return dangling === undefined ? '?' : stringAt(dangling, 'status');
}

export const flowSchemaColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('PriorityLevel', 'string', 'The priority level configuration matching requests are assigned to.'),
    column('MatchingPrecedence', 'string', 'The order of this schema among all flow schemas; lower is matched first.'),
    column('DistinguisherMethod', 'string', 'How matching requests are divided into flows.'),
    ageColumn,
    column('MissingPL', 'string', 'Whether the referenced priority level configuration is missing.'),
  ],
  cells: (flowSchema, now) => {
    const distinguisher = fieldAt(flowSchema, 'spec', 'distinguisherMethod');
    return [
      nameOf(flowSchema),
      stringAt(flowSchema, 'spec', 'priorityLevelConfiguration', 'name'),
      matchingPrecedenceOf(flowSchema),
      isRecord(distinguisher) ? stringAt(distinguisher, 'type') : '<none>',
      ageOf(flowSchema, now),
      missingPriorityLevel(flowSchema),
    ];
  },
  rowOrder: (a, b) => compareFlowSchemas(a, b),
};

/**
 * The order kube prints a list of flow schemas in: by matching precedence, then by name. (Table
 * rows of other kinds keep the list's order.)
 */
function compareFlowSchemas(a: JsonObject, b: JsonObject): number {
  const byPrecedence = matchingPrecedenceOf(a) - matchingPrecedenceOf(b);
  return byPrecedence !== 0 ? byPrecedence : byCodePoint(nameOf(a), nameOf(b));
}

export const priorityLevelConfigurationColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Type', 'string', 'Whether requests at this level are limited or exempt.'),
    column('NominalConcurrencyShares', 'string', 'The share of the server concurrency limit this level is entitled to.'),
    column('Queues', 'string', 'The number of queues for this level.'),
    column('HandSize', 'string', 'The number of queues each flow is shuffle-sharded onto.'),
    column('QueueLengthLimit', 'string', 'The longest a queue may grow before requests are rejected.'),
    ageColumn,
  ],
  cells: (level, now) => {
    const limited = fieldAt(level, 'spec', 'limited');
    let shares: number | string = '<none>';
    let queues: number | string = '<none>';
    let handSize: number | string = '<none>';
    let queueLengthLimit: number | string = '<none>';
    if (isRecord(limited)) {
      // v1's nominalConcurrencyShares is a pointer: only an absent one takes the default.
      shares = optionalNumberAt(limited, 'nominalConcurrencyShares') ?? defaultNominalConcurrencyShares;
      const queuing = fieldAt(limited, 'limitResponse', 'queuing');
      if (isRecord(queuing)) {
        queues = defaultedWhenZero(optionalNumberAt(queuing, 'queues'), defaultQueues);
        handSize = defaultedWhenZero(optionalNumberAt(queuing, 'handSize'), defaultHandSize);
        queueLengthLimit = defaultedWhenZero(optionalNumberAt(queuing, 'queueLengthLimit'), defaultQueueLengthLimit);
      }
    }
    return [nameOf(level), stringAt(level, 'spec', 'type'), shares, queues, handSize, queueLengthLimit, ageOf(level, now)];
  },
};

// ---------------------------------------------------------------- storage.k8s.io

export const csiNodeColumns: TableColumns = {
  definitions: [nameColumn, column('Drivers', 'integer', 'The number of CSI drivers registered on the node.'), ageColumn],
  cells: (csiNode, now) => [nameOf(csiNode), arrayAt(csiNode, 'spec', 'drivers').length, ageOf(csiNode, now)],
};

/** A *bool that defaults on create: an absent one reads as its default. */
const booleanWithDefault = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** Audiences of the token requests, "<unset>" without any (an empty list does not survive storage). */
function tokenRequests(driver: JsonObject): string {
  const requests = arrayAt(driver, 'spec', 'tokenRequests');
  return requests.length === 0 ? '<unset>' : requests.map((request) => stringAt(request, 'audience')).join(',');
}

/** The lifecycle modes; none given defaults to Persistent on create. */
function lifecycleModes(driver: JsonObject): string {
  const modes = stringsOf(arrayAt(driver, 'spec', 'volumeLifecycleModes'));
  return modes.length === 0 ? 'Persistent' : modes.join(',');
}

export const csiDriverColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('AttachRequired', 'boolean', 'Whether volumes of this driver need attaching before they are mounted.'),
    column('PodInfoOnMount', 'boolean', 'Whether the driver receives pod information when mounting.'),
    column('StorageCapacity', 'boolean', 'Whether the driver publishes storage capacity for scheduling.'),
    column('TokenRequests', 'string', 'The audiences of the service account tokens passed to the driver.'),
    column('RequiresRepublish', 'boolean', 'Whether the driver wants volumes republished periodically.'),
    column('Modes', 'string', 'The volume lifecycle modes the driver supports.'),
    ageColumn,
  ],
  cells: (driver, now) => [
    nameOf(driver),
    booleanWithDefault(fieldAt(driver, 'spec', 'attachRequired'), true),
    booleanWithDefault(fieldAt(driver, 'spec', 'podInfoOnMount'), false),
    booleanWithDefault(fieldAt(driver, 'spec', 'storageCapacity'), false),
    tokenRequests(driver),
    booleanWithDefault(fieldAt(driver, 'spec', 'requiresRepublish'), false),
    lifecycleModes(driver),
    ageOf(driver, now),
  ],
};

// kube declares the Attacher column with the "name" format as well.
const attacherColumn: ColumnDefinition = { ...column('Attacher', 'string', 'The CSI driver that attaches the volume.'), format: 'name' };

export const volumeAttachmentColumns: TableColumns = {
  definitions: [
    nameColumn,
    attacherColumn,
    column('PV', 'string', 'The persistent volume being attached.'),
    column('Node', 'string', 'The node the volume is attached to.'),
    column('Attached', 'boolean', 'Whether the attach operation has completed.'),
    ageColumn,
  ],
  cells: (attachment, now) => [
    nameOf(attachment),
    stringAt(attachment, 'spec', 'attacher'),
    stringAt(attachment, 'spec', 'source', 'persistentVolumeName'),
    stringAt(attachment, 'spec', 'nodeName'),
    fieldAt(attachment, 'status', 'attached') === true,
    ageOf(attachment, now),
  ],
};

const isDefaultVolumeAttributesClass = (object: JsonObject): boolean =>
  recordAt(object, 'metadata', 'annotations')['volumeattributesclass.alpha.kubernetes.io/is-default-class'] === 'true';

export const volumeAttributesClassColumns: TableColumns = {
  definitions: [nameColumn, column('DriverName', 'string', 'The CSI driver the class applies to.'), ageColumn],
  cells: (attributesClass, now) => [
    isDefaultVolumeAttributesClass(attributesClass) ? `${nameOf(attributesClass)} (default)` : nameOf(attributesClass),
    stringAt(attributesClass, 'driverName'),
    ageOf(attributesClass, now),
  ],
};

/** kube prints this kind without an Age column. */
export const csiStorageCapacityColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('StorageClassName', 'string', 'The storage class the capacity was reported for.'),
    column('Capacity', 'string', 'The capacity available for new volumes.'),
  ],
  cells: (capacity) => {
    const value = fieldAt(capacity, 'capacity');
    return [nameOf(capacity), stringAt(capacity, 'storageClassName'), typeof value === 'string' || typeof value === 'number' ? quantityText(value) : '<unset>'];
  },
};

// ---------------------------------------------------------------- admissionregistration.k8s.io

export const webhookConfigurationColumns: TableColumns = {
  definitions: [nameColumn, column('Webhooks', 'integer', 'The number of webhooks in the configuration.'), ageColumn],
  cells: (configuration, now) => [nameOf(configuration), arrayAt(configuration, 'webhooks').length, ageOf(configuration, now)],
};

/** An admission policy's columns: the number of its validations or mutations, and its paramKind. */
function admissionPolicyColumns(rules: 'validations' | 'mutations', name: string, description: string): TableColumns {
  return {
    definitions: [nameColumn, column(name, 'integer', description), column('ParamKind', 'string', 'The kind of resource that parameterizes the policy.'), ageColumn],
    cells: (policy, now) => {
      const paramKind = fieldAt(policy, 'spec', 'paramKind');
      return [
        nameOf(policy),
        arrayAt(policy, 'spec', rules).length,
        isRecord(paramKind) ? `${stringAt(paramKind, 'apiVersion')}/${stringAt(paramKind, 'kind')}` : '<unset>',
        ageOf(policy, now),
      ];
    },
  };
}

export const validatingAdmissionPolicyColumns = admissionPolicyColumns('validations', 'Validations', 'The number of validation rules in the policy.');
export const mutatingAdmissionPolicyColumns = admissionPolicyColumns('mutations', 'Mutations', 'The number of mutations in the policy.');

/** "namespace/name", "*\/name" without a namespace, the selector, or "<unset>". */
function paramRefCell(binding: JsonObject): string {
  const paramRef = fieldAt(binding, 'spec', 'paramRef');
  if (!isRecord(paramRef)) return '<unset>';
  const name = stringAt(paramRef, 'name');
  if (name !== '') {
    const namespace = stringAt(paramRef, 'namespace');
    return `${namespace === '' ? '*' : namespace}/${name}`;
  }
  const selector = paramRef['selector'];
  return isRecord(selector) ? labelSelectorGoString(selector) : '<unset>';
}

/** Both kinds of policy binding print the same columns. */
export const admissionPolicyBindingColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('PolicyName', 'string', 'The policy the binding applies.'),
    column('ParamRef', 'string', 'The resource that supplies the policy parameters.'),
    ageColumn,
  ],
  cells: (binding, now) => [nameOf(binding), stringAt(binding, 'spec', 'policyName'), paramRefCell(binding), ageOf(binding, now)],
};

// ---------------------------------------------------------------- apiregistration.k8s.io (kube-aggregator)

/** "True", "False (Reason)", or "Unknown" before any Available condition is reported. */
function apiServiceAvailable(apiService: JsonObject): string {
  const available = arrayAt(apiService, 'status', 'conditions').find((condition) => stringAt(condition, 'type') === 'Available');
  if (available === undefined) return 'Unknown';
  const status = stringAt(available, 'status');
  const reason = stringAt(available, 'reason');
  return status !== 'True' && reason !== '' ? `${status} (${reason})` : status;
}

export const apiServiceColumns: TableColumns = {
  definitions: [nameColumn, column('Service', 'string', 'The service that serves this API, or Local.'), column('Available', 'string', 'Whether the API is available.'), ageColumn],
  cells: (apiService, now) => [
    nameOf(apiService),
    hasField(apiService, 'spec', 'service') ? `${stringAt(apiService, 'spec', 'service', 'namespace')}/${stringAt(apiService, 'spec', 'service', 'name')}` : 'Local',
    apiServiceAvailable(apiService),
    ageOf(apiService, now),
  ],
};

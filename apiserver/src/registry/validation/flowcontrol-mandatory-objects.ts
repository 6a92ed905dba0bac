// The mandatory "exempt" and "catch-all" FlowSchemas and PriorityLevelConfigurations of API priority
// and fairness: kube refuses any other spec under those names (of the exempt priority level, only
// spec.exempt may be tuned). Specs are compared after v1 defaulting, as kube compares them.

import { isDeepStrictEqual } from 'node:util';
import { fieldInvalid, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { flowSchemaSpecJson, priorityLevelSpecJson } from './flowcontrol-spec-values.ts';

const everything = {
  resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'], clusterScope: true }],
  nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
};

const mandatoryFlowSchemaSpecs: Readonly<Record<string, JsonObject>> = {
  exempt: {
    priorityLevelConfiguration: { name: 'exempt' },
    matchingPrecedence: 1,
    rules: [{ subjects: [{ kind: 'Group', group: { name: 'system:masters' } }], ...everything }],
  },
  'catch-all': {
    priorityLevelConfiguration: { name: 'catch-all' },
    matchingPrecedence: 10000,
    distinguisherMethod: { type: 'ByUser' },
    rules: [
      {
        subjects: [
          { kind: 'Group', group: { name: 'system:unauthenticated' } },
          { kind: 'Group', group: { name: 'system:authenticated' } },
        ],
        ...everything,
      },
    ],
  },
};

const mandatoryPriorityLevelSpecs: Readonly<Record<string, JsonObject>> = {
  // Without spec.exempt, which may change.
  exempt: { type: 'Exempt' },
  'catch-all': { type: 'Limited', limited: { nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: { type: 'Reject' } } },
};

/** Go's zero values, which JSON may carry or leave out alike, are dropped (0 is kept: some fields are pointers). */
function withoutZeroValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutZeroValues);
  if (typeof value !== 'object' || value === null) return value;
  const kept = Object.entries(value).filter(([, field]) => field !== null && field !== '' && field !== false && !(Array.isArray(field) && field.length === 0));
  return Object.fromEntries(kept.map(([key, field]) => [key, withoutZeroValues(field)]));
}

const sameSpec = (spec: JsonObject, mandatory: JsonObject): boolean => isDeepStrictEqual(withoutZeroValues(spec), mandatory);

/** Whether two defaulted specs say the same, Go's zero values and absent fields alike (kube's semantic equality). */
export const sameFlowControlSpec = (a: unknown, b: unknown): boolean => isDeepStrictEqual(withoutZeroValues(a), withoutZeroValues(b));

export function mandatoryFlowSchemaErrors(name: string, spec: JsonObject): FieldError[] {
  const mandatory = mandatoryFlowSchemaSpecs[name];
  if (mandatory === undefined || sameSpec(spec, mandatory)) return [];
  return [fieldInvalid('spec', { json: flowSchemaSpecJson(spec) }, `spec of '${name}' must equal the fixed value`)];
}

export function mandatoryPriorityLevelErrors(name: string, spec: JsonObject): FieldError[] {
  const mandatory = mandatoryPriorityLevelSpecs[name];
  if (mandatory === undefined) return [];
  const { exempt: _exempt, ...fixed } = spec;
  if (name === 'exempt' ? sameSpec(fixed, mandatory) : sameSpec(spec, mandatory)) return [];
  const detail = name === 'exempt' ? "spec of 'exempt' except the 'spec.exempt' field must equal the fixed value" : `spec of '${name}' must equal the fixed value`;
  return [fieldInvalid('spec', { json: priorityLevelSpecJson(spec) }, detail)];
}

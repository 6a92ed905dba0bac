// metadata.name and metadata.generateName checked as kube-apiserver 1.35 checks them on create: each
// kind's strategy names its own rule (pkg/apis/<group>/validation), and when that finds nothing the
// generic store still refuses names that cannot be a URL path segment (rest.BeforeCreate).

import {
  fieldForbidden,
  fieldInvalid,
  fieldRequired,
  fieldTooLong,
  goQuote,
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  maskTrailingDash,
  regexError,
  type FieldError,
} from '@capstan/common';
import type { JsonObject } from './object-meta.ts';
import { ipErrors } from './validation/ip-formats.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';

/** The rule a kind's strategy validates names with, named after kube's validators. */
export type NameRule =
  | 'dns1123Subdomain' // NameIsDNSSubdomain: most kinds
  | 'dns1123Label' // NameIsDNSLabel: namespaces, statefulsets
  | 'dns1035Label' // NameIsDNS1035Label: services
  | 'pathSegment' // ValidatePathSegmentName: RBAC; also kinds whose own validator accepts any name
  | 'ipAddress' // ValidateIPAddressName: an IP in canonical form
  | 'cronJob' // a DNS subdomain of at most 52 characters, room for the Jobs' "-<timestamp>"
  | 'customResourceDefinition' // a DNS subdomain that is <spec.names.plural>.<spec.group>
  | 'apiService' // a path segment that is <spec.version>.<spec.group>
  | 'priorityClass' // a DNS subdomain; "system-" names reserved for the built-in classes
  | 'csiDriver' // ValidateCSIDriverName at field "name": at most 63 characters, a subdomain in any case
  | 'none'; // virtual resources whose create never validates object metadata

// ValidateNameFunc's messages for one name, as kube returns them (prefix: a generateName).
type NameMessages = (name: string, prefix: boolean, object: JsonObject | undefined) => string[];

// The DNS name checks are apimachinery's, shared with the CEL format library (lengths in bytes, as Go counts them).
export { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, regexError };

/** IsValidPathSegmentName, or IsValidPathSegmentPrefix for a generateName; neither checks emptiness or length. */
export function pathSegmentErrors(name: string, prefix: boolean): string[] {
  if (!prefix && (name === '.' || name === '..')) return [`may not be '${name}'`];
  const errors: string[] = [];
  if (name.includes('/')) errors.push("may not contain '/'");
  if (name.includes('%')) errors.push("may not contain '%'");
  return errors;
}

const dnsRule =
  (check: (value: string) => string[]): NameMessages =>
  (name, prefix) =>
    check(prefix ? maskTrailingDash(name) : name);

const subdomain = dnsRule(isDNS1123Subdomain);

const stringAt = (object: JsonObject | undefined, ...path: string[]): string => {
  let value: unknown = object;
  for (const key of path) value = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject)[key] : undefined;
  return typeof value === 'string' ? value : '';
};

const messageRules: Readonly<Record<Exclude<NameRule, 'priorityClass' | 'csiDriver' | 'cronJob' | 'none'>, NameMessages>> = {
  dns1123Subdomain: subdomain,
  dns1123Label: dnsRule(isDNS1123Label),
  dns1035Label: dnsRule(isDNS1035Label),
  pathSegment: (name, prefix) => pathSegmentErrors(name, prefix),
  // IPAddress names are never generated, so the prefix gets the same check as a name.
  ipAddress: (name) => ipErrors(name),
  customResourceDefinition: (name, prefix, object) => {
    const errors = subdomain(name, prefix, object);
    if (name !== `${stringAt(object, 'spec', 'names', 'plural')}.${stringAt(object, 'spec', 'group')}`) errors.push('must be spec.names.plural+"."+spec.group');
    return errors;
  },
  apiService: (name, _prefix, object) => {
    // Not pathSegmentErrors(name, prefix): the aggregator's check ignores the prefix flag.
    const minimal = pathSegmentErrors(name, false);
    if (minimal.length > 0) return minimal;
    const required = `${stringAt(object, 'spec', 'version')}.${stringAt(object, 'spec', 'group')}`;
    return name === required ? [] : [`must be \`spec.version+"."+spec.group\`: ${goQuote(required)}`];
  },
};

const invalid = (field: string, value: string, messages: readonly string[]): FieldError[] => messages.map((message) => fieldInvalid(field, value, message));

// The built-in system priority classes (scheduling/v1 SystemPriorityClasses).
const systemPriorityClasses: ReadonlyMap<string, number> = new Map([
  ['system-node-critical', 2000001000],
  ['system-cluster-critical', 2000000000],
]);

function systemPriorityClassError(name: string, object: JsonObject | undefined): string | undefined {
  const value = systemPriorityClasses.get(name);
  if (value === undefined) return `${name} is not a known system priority class`;
  if (object?.value !== value) return `value of ${name} PriorityClass must be ${value}`;
  if (object.globalDefault === true) return `globalDefault of ${name} PriorityClass must be false`;
  return undefined;
}

/** The strategy's own errors for metadata.name (csidrivers report at field "name"). */
function kindNameErrors(rule: NameRule, name: string, object: JsonObject | undefined): FieldError[] {
  switch (rule) {
    case 'none':
      return [];
    case 'cronJob': {
      const errors = invalid('metadata.name', name, subdomain(name, false, object));
      if (name.length > 52) errors.push(fieldInvalid('metadata.name', name, 'must be no more than 52 characters'));
      return errors;
    }
    case 'priorityClass': {
      const errors = invalid('metadata.name', name, subdomain(name, false, object));
      const reserved = name.startsWith('system-') ? systemPriorityClassError(name, object) : undefined;
      if (reserved !== undefined) {
        errors.push(fieldForbidden('metadata.name', `priority class names with 'system-' prefix are reserved for system use only. error: ${reserved}`));
      }
      return errors;
    }
    case 'csiDriver': {
      const errors: FieldError[] = [];
      if (name === '') errors.push(fieldRequired('name'));
      if (name.length > 63) errors.push(fieldTooLong('name', 63));
      return [...errors, ...invalid('name', name, isDNS1123Subdomain(name.toLowerCase()))];
    }
    default:
      return invalid('metadata.name', name, messageRules[rule](name, false, object));
  }
}

/** The strategy's own errors for metadata.generateName; most kinds check the prefix with their name rule. */
function kindGenerateNameErrors(rule: NameRule, generateName: string, object: JsonObject | undefined): FieldError[] {
  switch (rule) {
    // CSIDriver validation looks at the (generated) name only.
    case 'none':
    case 'csiDriver':
      return [];
    case 'cronJob':
    case 'priorityClass':
      return invalid('metadata.generateName', generateName, subdomain(generateName, true, object));
    default:
      return invalid('metadata.generateName', generateName, messageRules[rule](generateName, true, object));
  }
}

/**
 * kube's errors for a name (generated or not), field metadata.name. `object` is the whole object,
 * which a few kinds need (CRDs, APIServices and PriorityClasses check the name against their spec).
 */
export function nameErrorsFor(definition: ResourceDefinition, name: string, object?: JsonObject): FieldError[] {
  const rule = definition.behaviour.names;
  const errors = kindNameErrors(rule, name, object);
  if (errors.length > 0 || rule === 'none') return errors;
  return invalid('metadata.name', name, pathSegmentErrors(name, false));
}

/** kube's errors for a generateName prefix, field metadata.generateName; a trailing dash is allowed. */
export function generateNameErrorsFor(definition: ResourceDefinition, generateName: string, object?: JsonObject): FieldError[] {
  const rule = definition.behaviour.names;
  const errors = kindGenerateNameErrors(rule, generateName, object);
  if (errors.length > 0 || rule === 'none') return errors;
  return invalid('metadata.generateName', generateName, pathSegmentErrors(generateName, true));
}

/**
 * The name part of ValidateObjectMeta on create, in kube's order: generateName, then name (which must
 * be set by then: kube generates it before validating). The generic path-segment check only runs
 * when the kind's own rule found nothing, as in rest.BeforeCreate.
 */
export function objectNameErrors(
  definition: ResourceDefinition,
  metadata: { readonly name?: string | undefined; readonly generateName?: string | undefined },
  object?: JsonObject,
): FieldError[] {
  const rule = definition.behaviour.names;
  if (rule === 'none') return [];
  const name = metadata.name ?? '';
  const generateName = metadata.generateName ?? '';
  const required = fieldRequired('metadata.name', 'name or generateName is required');
  const own = [
    ...(generateName === '' ? [] : kindGenerateNameErrors(rule, generateName, object)),
    // ValidateCSIDriverName does not go through ValidateObjectMeta: an empty name is its own error.
    ...(name === '' && rule !== 'csiDriver' ? [required] : kindNameErrors(rule, name, object)),
  ];
  if (own.length > 0) return own;
  return [
    ...(generateName === '' ? [] : invalid('metadata.generateName', generateName, pathSegmentErrors(generateName, true))),
    ...(name === '' ? [required] : invalid('metadata.name', name, pathSegmentErrors(name, false))),
  ];
}

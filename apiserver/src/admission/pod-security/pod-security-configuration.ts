// The PodSecurity plugin's configuration (pod-security.admission.config.k8s.io
// PodSecurityConfiguration, in the --admission-control-config-file): the policy of namespaces
// without labels (privileged:latest for each mode when not set), and the exemptions: users,
// namespaces and runtime classes whose pods are not checked. Invalid configurations stop the
// start with kube's field errors.

import { fieldDuplicate, fieldErrorMessage, fieldInvalid, isDNS1123Label, isDNS1123Subdomain, type FieldError } from '@capstan/common';
import { isPlainObject } from '../../patch/merge-patch.ts';
import { isLevel, latestVersion, levelError, parseVersion, versionError, type Level, type PodSecurityPolicy, type PolicyVersion } from './levels.ts';
import { privilegedPolicy, type Mode } from './namespace-policy.ts';
import { goAggregate } from './violation-messages.ts';

export interface PodSecurityExemptions {
  readonly usernames: readonly string[];
  readonly namespaces: readonly string[];
  readonly runtimeClasses: readonly string[];
}

export interface PodSecurityConfiguration {
  readonly defaults: PodSecurityPolicy;
  readonly exemptions: PodSecurityExemptions;
}

export const defaultPodSecurityConfiguration: PodSecurityConfiguration = {
  defaults: privilegedPolicy,
  exemptions: { usernames: [], namespaces: [], runtimeClasses: [] },
};

// kube-apiserver's words for a configuration it cannot decode, and for one it decodes but refuses.
const couldNotInit = 'failed to apply admission: couldn\'t init admission plugin "PodSecurity": ';
const failedToInitialize = 'failed to apply admission: failed to initialize admission plugin "PodSecurity": ';

const configurationGroup = 'pod-security.admission.config.k8s.io';
const configurationVersions = ['v1', 'v1beta1', 'v1alpha1'];
const defaultsFields = ['enforce', 'enforce-version', 'audit', 'audit-version', 'warn', 'warn-version'];
const exemptionsFields = ['usernames', 'namespaces', 'runtimeClasses'];

/** The configuration from its document (the plugin's `configuration`, or the file its `path` names); throws what is wrong. */
export function podSecurityConfigurationOf(document: unknown): PodSecurityConfiguration {
  if (!isPlainObject(document)) throw new Error(`${couldNotInit}expected PodSecurityConfiguration`);
  const { apiVersion, kind } = document;
  const version = typeof apiVersion === 'string' && apiVersion.startsWith(`${configurationGroup}/`) ? apiVersion.slice(configurationGroup.length + 1) : undefined;
  if (kind !== 'PodSecurityConfiguration' || version === undefined || !configurationVersions.includes(version)) {
    throw new Error(`${couldNotInit}no kind "${String(kind)}" is registered for version "${String(apiVersion)}"`);
  }
  strictFields(document, ['apiVersion', 'kind', 'defaults', 'exemptions'], '');
  const defaults = objectAt(document, 'defaults');
  const exemptions = objectAt(document, 'exemptions');
  strictFields(defaults, defaultsFields, 'defaults.');
  strictFields(exemptions, exemptionsFields, 'exemptions.');
  // kube turns the defaults into a policy first (ToPolicy), each problem as "<field>: <why>".
  const policyErrors: string[] = [];
  const modeOf = (mode: Mode): { level: Level; version: PolicyVersion } => {
    const level = stringAt(defaults, mode) || 'privileged';
    const version = stringAt(defaults, `${mode}-version`) || 'latest';
    if (!isLevel(level)) policyErrors.push(`${mode}: ${levelError}`);
    const parsed = parseVersion(version);
    if (parsed === undefined) policyErrors.push(`${mode}-version: ${versionError}`);
    return { level: isLevel(level) ? level : 'restricted', version: parsed ?? latestVersion };
  };
  const enforce = modeOf('enforce');
  const audit = modeOf('audit');
  const warn = modeOf('warn');
  if (policyErrors.length > 0) throw new Error(`${failedToInitialize}PodSecurity configuration error: ${goAggregate(policyErrors)}`);
  const usernames = stringsAt(exemptions, 'usernames');
  const namespaces = stringsAt(exemptions, 'namespaces');
  const runtimeClasses = stringsAt(exemptions, 'runtimeClasses');
  const errors = [
    ...exemptionErrors('exemptions.namespaces', namespaces, isDNS1123Label),
    ...exemptionErrors('exemptions.runtimeClasses', runtimeClasses, isDNS1123Subdomain),
    ...exemptionErrors('exemptions.usernames', usernames, (name) => (name === '' ? ['username must not be empty'] : [])),
  ];
  if (errors.length > 0) throw new Error(`${failedToInitialize}PodSecurity invalid: ${goAggregate(errors.map(fieldErrorMessage))}`);
  return { defaults: { enforce, audit, warn }, exemptions: { usernames, namespaces, runtimeClasses } };
}

function exemptionErrors(field: string, names: readonly string[], problems: (name: string) => string[]): FieldError[] {
  const seen = new Set<string>();
  return names.flatMap((name, i): FieldError[] => {
    const found = problems(name);
    if (found.length > 0) return [fieldInvalid(`${field}[${i}]`, name, found.join(', '))];
    if (seen.has(name)) return [fieldDuplicate(`${field}[${i}]`, name)];
    seen.add(name);
    return [];
  });
}

/** kube decodes the configuration strictly: an unknown field stops the start. */
function strictFields(object: Readonly<Record<string, unknown>>, known: readonly string[], prefix: string): void {
  const unknown = Object.keys(object).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw new Error(`${couldNotInit}strict decoding error: ${unknown.map((key) => `unknown field "${prefix}${key}"`).join(', ')}`);
}

function objectAt(object: Readonly<Record<string, unknown>>, key: string): Readonly<Record<string, unknown>> {
  const value = object[key];
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) throw new Error(`${couldNotInit}${key} must be an object`);
  return value;
}

function stringAt(object: Readonly<Record<string, unknown>>, key: string): string {
  const value = object[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new Error(`${couldNotInit}${key} must be a string`);
  return value;
}

function stringsAt(object: Readonly<Record<string, unknown>>, key: string): string[] {
  const value = object[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw new Error(`${couldNotInit}exemptions.${key} must be a list of strings`);
  return value;
}

// The audit.k8s.io/v1 Policy of --audit-policy-file: what is recorded of each request (its level)
// and at which stages, rule by rule. Read as kube's policy reader reads it: unknown fields are
// warned about and ignored (its lenient decoding), a policy without rules or with invalid ones
// stops the server with kube's aggregated field errors.

import { readFileSync } from 'node:fs';
import { errorMessage } from '@capstan/common';
import { parse as parseYaml } from 'yaml';
import { validatePolicy } from './policy-validation.ts';

/** kube's audit levels, least first: None records nothing, Metadata the request's facts, Request its body too, RequestResponse the answer too. */
export const auditLevels = ['None', 'Metadata', 'Request', 'RequestResponse'] as const;
export type AuditLevel = (typeof auditLevels)[number];

export const auditStages = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'] as const;
export type AuditStage = (typeof auditStages)[number];

/** Whether `level` records at least what `least` records (kube's !level.Less(least)). */
export const levelAtLeast = (level: AuditLevel, least: AuditLevel): boolean => auditLevels.indexOf(level) >= auditLevels.indexOf(least);

export interface GroupResources {
  readonly group: string;
  /** Resources ("pods"), subresources ("pods/log"), and the wildcards "*", "*\/scale" and "pods/*". */
  readonly resources: readonly string[];
  readonly resourceNames: readonly string[];
}

export interface PolicyRule {
  /** Left as the file says: validation reports a missing or unknown level. */
  readonly level: string;
  readonly users: readonly string[];
  readonly userGroups: readonly string[];
  readonly verbs: readonly string[];
  readonly resources: readonly GroupResources[];
  readonly namespaces: readonly string[];
  readonly nonResourceURLs: readonly string[];
  readonly omitStages: readonly string[];
  /** Unset: the policy's omitManagedFields. */
  readonly omitManagedFields: boolean | undefined;
}

export interface AuditPolicy {
  readonly rules: readonly PolicyRule[];
  readonly omitStages: readonly string[];
  readonly omitManagedFields: boolean;
}

/** A policy file kube-apiserver would refuse to start with; the message is kube's. */
export class AuditPolicyError extends Error {
  override name = 'AuditPolicyError';
}

const policyGroupVersion = 'audit.k8s.io/v1';

/** Reads and checks --audit-policy-file; `warn` hears of the unknown fields ignored. */
export function loadAuditPolicy(path: string, warn: (message: string) => void): AuditPolicy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new AuditPolicyError(`loading audit policy file: failed to read file path ${JSON.stringify(path)}: ${errorMessage(error)}`);
  }
  try {
    return parseAuditPolicy(text, warn);
  } catch (error) {
    throw new AuditPolicyError(`loading audit policy file: ${errorMessage(error)}: from file ${path}`);
  }
}

/** A policy from its YAML or JSON text (kube's LoadPolicyFromBytes). */
export function parseAuditPolicy(text: string, warn: (message: string) => void): AuditPolicy {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    throw new Error(`failed decoding: ${errorMessage(error)}`);
  }
  if (!isFields(document)) throw new Error("failed decoding: Object 'Kind' is missing in the policy");
  const { apiVersion, kind } = document;
  if (typeof kind !== 'string' || kind === '') throw new Error(`failed decoding: Object 'Kind' is missing in '${text.trim()}'`);
  if (apiVersion !== policyGroupVersion || kind !== 'Policy') {
    throw new Error(`failed decoding: no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(apiVersion ?? '')} in scheme "pkg/runtime/scheme.go:111"`);
  }
  const unknown: string[] = [];
  const policy = readPolicy(document, unknown);
  if (unknown.length > 0) {
    const fields = unknown.map((field) => `unknown field ${JSON.stringify(field)}`).join(', ');
    warn(`Audit policy contains errors, falling back to lenient decoding: strict decoding error: ${fields}`);
  }
  const errors = validatePolicy(policy);
  if (errors.length === 1) throw new Error(errors[0]);
  if (errors.length > 1) throw new Error(`[${errors.join(', ')}]`);
  if (policy.rules.length === 0) throw new Error('loaded illegal policy with 0 rules');
  return policy;
}

type Fields = Record<string, unknown>;

const policyFields = new Set(['apiVersion', 'kind', 'metadata', 'rules', 'omitStages', 'omitManagedFields']);
const ruleFields = new Set(['level', 'users', 'userGroups', 'verbs', 'resources', 'namespaces', 'nonResourceURLs', 'omitStages', 'omitManagedFields']);
const groupResourceFields = new Set(['group', 'resources', 'resourceNames']);

function readPolicy(document: Fields, unknown: string[]): AuditPolicy {
  noteUnknown(document, policyFields, '', unknown);
  const rules = listOf(document.rules, 'rules').map((rule, i) => readRule(rule, `rules[${i}]`, unknown));
  return {
    rules,
    omitStages: stringsOf(document.omitStages, 'omitStages'),
    omitManagedFields: boolOf(document.omitManagedFields, 'omitManagedFields') ?? false,
  };
}

function readRule(value: unknown, path: string, unknown: string[]): PolicyRule {
  if (!isFields(value)) throw new Error(`failed lenient decoding: ${path}: expected an object`);
  noteUnknown(value, ruleFields, `${path}.`, unknown);
  const level = value.level ?? '';
  if (typeof level !== 'string') throw new Error(`failed lenient decoding: ${path}.level: expected a string`);
  return {
    level,
    users: stringsOf(value.users, `${path}.users`),
    userGroups: stringsOf(value.userGroups, `${path}.userGroups`),
    verbs: stringsOf(value.verbs, `${path}.verbs`),
    resources: listOf(value.resources, `${path}.resources`).map((entry, i) => readGroupResources(entry, `${path}.resources[${i}]`, unknown)),
    namespaces: stringsOf(value.namespaces, `${path}.namespaces`),
    nonResourceURLs: stringsOf(value.nonResourceURLs, `${path}.nonResourceURLs`),
    omitStages: stringsOf(value.omitStages, `${path}.omitStages`),
    omitManagedFields: boolOf(value.omitManagedFields, `${path}.omitManagedFields`),
  };
}

function readGroupResources(value: unknown, path: string, unknown: string[]): GroupResources {
  if (!isFields(value)) throw new Error(`failed lenient decoding: ${path}: expected an object`);
  noteUnknown(value, groupResourceFields, `${path}.`, unknown);
  const group = value.group ?? '';
  if (typeof group !== 'string') throw new Error(`failed lenient decoding: ${path}.group: expected a string`);
  return { group, resources: stringsOf(value.resources, `${path}.resources`), resourceNames: stringsOf(value.resourceNames, `${path}.resourceNames`) };
}

function noteUnknown(fields: Fields, known: ReadonlySet<string>, prefix: string, unknown: string[]): void {
  for (const key of Object.keys(fields)) if (!known.has(key)) unknown.push(`${prefix}${key}`);
}

function listOf(value: unknown, path: string): readonly unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Error(`failed lenient decoding: ${path}: expected a list`);
  return value;
}

function stringsOf(value: unknown, path: string): readonly string[] {
  const list = listOf(value, path);
  if (!list.every((item) => typeof item === 'string')) throw new Error(`failed lenient decoding: ${path}: expected a list of strings`);
  return list as readonly string[];
}

function boolOf(value: unknown, path: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new Error(`failed lenient decoding: ${path}: expected a boolean`);
  return value;
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// apimachinery's value validators (util/validation) that kinds share: qualified names (label and
// annotation keys), label values, config keys, port numbers and names, with kube's messages; and
// the field errors of a value such a check refuses.

import { fieldInvalid, type GoStruct, goStruct, type FieldError } from '@capstan/common';
import { regexError } from '../name-validation.ts';

const configKeyFormat = '[-._a-zA-Z0-9]+';
const configKey = new RegExp(`^${configKeyFormat}$`);

/**
 * Label keys and values, as kube 1.35 checks them (apimachinery's IsQualifiedName and
 * IsValidLabelValue are api/validate/content's IsLabelKey and IsLabelValue: lengths in bytes,
 * "a valid label key" for a key with more than one '/'). Every qualified name is checked so.
 */
export { isQualifiedName, isValidLabelValue } from '@capstan/common';

/** IsConfigMapKey: the keys of ConfigMap and Secret data. */
export function isConfigMapKey(value: string): string[] {
  const errors: string[] = [];
  if (value.length > 253) errors.push('must be no more than 253 characters');
  if (!configKey.test(value))
    errors.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", configKeyFormat, 'key.name', 'KEY_NAME', 'key-name'));
  if (value === '.') errors.push("must not be '.'");
  else if (value === '..') errors.push("must not be '..'");
  else if (value.startsWith('..')) errors.push("must not start with '..'");
  return errors;
}

/** An Invalid error at `field` for each message a format check gave of `value`. */
export const invalidEach = (field: string, value: string, messages: readonly string[]): FieldError[] => messages.map((message) => fieldInvalid(field, value, message));

/** IsValidPortNum. */
export const isValidPortNum = (port: unknown): string[] =>
  typeof port === 'number' && Number.isInteger(port) && port >= 1 && port <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];

/** IsValidPortName: an IANA service name of at most 15 lower-case letters, digits and hyphens. */
export function portNameErrors(name: string): string[] {
  const errors: string[] = [];
  if (name.length > 15) errors.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(name)) errors.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(name)) errors.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errors.push('must not contain consecutive hyphens');
  if (name.startsWith('-') || name.endsWith('-')) errors.push('must not begin or end with a hyphen');
  return errors;
}

/** A Go map[string]string as a field error prints it (its JSON, keys sorted): {"a":"1","b":"2"}. */
export function stringMapValue(map: Readonly<Record<string, unknown>>): { json: Record<string, string> } {
  return { json: Object.fromEntries(Object.entries(map).map(([key, value]) => [key, typeof value === 'string' ? value : String(value ?? '')])) };
}

/**
 * A v1.LabelSelector as a field error prints it: its JSON, empty matchLabels, matchExpressions and
 * values left out (omitempty): {"matchLabels":{"app":"web"}}.
 */
export function labelSelectorValue(selector: Readonly<Record<string, unknown>>): { json: GoStruct } {
  return { json: labelSelectorJson(selector) };
}

/** The JSON a v1.LabelSelector marshals to (also inside other values). */
export function labelSelectorJson(selector: Readonly<Record<string, unknown>>): GoStruct {
  const labels = selector.matchLabels;
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  return goStruct({
    matchLabels: isNonEmptyMap(labels) ? stringMapValue(labels).json : undefined,
    matchExpressions: expressions.length === 0 ? undefined : expressions.map((expression: Record<string, unknown> | null) => labelSelectorRequirementJson(expression ?? {})),
  });
}

function labelSelectorRequirementJson(requirement: Readonly<Record<string, unknown>>): GoStruct {
  const values = requirement.values;
  return goStruct({
    key: String(requirement.key ?? ''),
    operator: String(requirement.operator ?? ''),
    values: Array.isArray(values) && values.length > 0 ? values.map((value) => String(value)) : undefined,
  });
}

const isNonEmptyMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;

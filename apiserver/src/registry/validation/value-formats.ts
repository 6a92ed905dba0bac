// apimachinery's value validators (util/validation) that kinds share: qualified names (label and
// annotation keys), label values, config keys, port numbers and names, with kube's messages; and
// the field errors of a value such a check refuses.

import { fieldInvalid, goQuote, type FieldError } from '@capstan/common';
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

/** A Go map[string]string as %#v writes it, keys sorted: map[string]string{"a":"1", "b":"2"}. */
export function goStringMap(map: Readonly<Record<string, unknown>>): { goSyntax: string } {
  const entries = Object.keys(map)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${JSON.stringify(String(map[key]))}`);
  return { goSyntax: `map[string]string{${entries.join(', ')}}` };
}

/** A Go slice of strings (or of a string type) as %#v writes it: []string{"a", "b"}, []string(nil) when absent. */
export const goStringSlice = (values: unknown, type = 'string'): string =>
  Array.isArray(values) ? `[]${type}{${values.map((value) => goQuote(String(value))).join(', ')}}` : `[]${type}(nil)`;

/**
 * A v1.LabelSelector as Go's %#v writes it in field errors:
 * v1.LabelSelector{MatchLabels:map[string]string{"app":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}.
 */
export function labelSelectorGoSyntax(selector: Readonly<Record<string, unknown>>): { goSyntax: string } {
  const labels = selector.matchLabels;
  const labelText = typeof labels === 'object' && labels !== null && !Array.isArray(labels) ? goStringMap(labels as Record<string, unknown>).goSyntax : 'map[string]string(nil)';
  const expressions = selector.matchExpressions;
  const expressionText = Array.isArray(expressions)
    ? `[]v1.LabelSelectorRequirement{${expressions
        .map((expression: Record<string, unknown>) => {
          const key = JSON.stringify(String(expression?.key ?? ''));
          const operator = JSON.stringify(String(expression?.operator ?? ''));
          return `v1.LabelSelectorRequirement{Key:${key}, Operator:${operator}, Values:${goStringSlice(expression?.values)}}`;
        })
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return { goSyntax: `v1.LabelSelector{MatchLabels:${labelText}, MatchExpressions:${expressionText}}` };
}

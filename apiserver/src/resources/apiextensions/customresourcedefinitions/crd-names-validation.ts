// A CRD's group, scope and names (spec.names, and status.acceptedNames with the same rules but
// none required), worded as kube-apiserver 1.35 words them.

import { fieldInvalid, fieldNotSupported, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1035Label, isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import type { InternalSpec } from './crd-internal.ts';

export const crdScopes = ['Cluster', 'Namespaced'];

/** validateEnumStrings: '' is Required when required, anything else not listed is NotSupported. */
export function enumErrors(path: string, value: string, accepted: readonly string[], required: boolean): FieldError[] {
  if (value === '') return required ? [fieldRequired(path)] : [];
  return accepted.includes(value) ? [] : [fieldNotSupported(path, value, accepted)];
}

export function groupErrors(group: string): FieldError[] {
  if (group === '') return [fieldRequired('spec.group')];
  const errors = isDNS1123Subdomain(group);
  if (errors.length > 0) return [fieldInvalid('spec.group', group, errors.join(','))];
  if (group.split('.').length < 2) return [fieldInvalid('spec.group', group, 'should be a domain with at least one dot')];
  return [];
}

/** The names spec needs besides their format. */
export function requiredNamesErrors(names: JsonObject): FieldError[] {
  return (['plural', 'singular', 'kind', 'listKind'] as const).filter((key) => stringOf(names[key]) === '').map((key) => fieldRequired(`spec.names.${key}`));
}

/** ValidateCustomResourceDefinitionNames: the format of each name given. */
export function namesErrors(names: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const plural = stringOf(names.plural);
  const singular = stringOf(names.singular);
  const kind = stringOf(names.kind);
  const listKind = stringOf(names.listKind);
  const label = (value: string, at: string) => {
    const messages = isDNS1035Label(value);
    if (value !== '' && messages.length > 0) errors.push(fieldInvalid(at, value, messages.join(',')));
  };
  const mixedCase = (value: string, at: string) => {
    const messages = isDNS1035Label(value.toLowerCase());
    if (value !== '' && messages.length > 0) errors.push(fieldInvalid(at, value, `may have mixed case, but should otherwise match: ${messages.join(',')}`));
  };
  label(plural, `${path}.plural`);
  label(singular, `${path}.singular`);
  mixedCase(kind, `${path}.kind`);
  mixedCase(listKind, `${path}.listKind`);
  stringsOf(names.shortNames).forEach((shortName, i) => {
    const messages = isDNS1035Label(shortName);
    if (messages.length > 0) errors.push(fieldInvalid(`${path}.shortNames[${i}]`, shortName, messages.join(',')));
  });
  if (kind !== '' && kind === listKind) errors.push(fieldInvalid(`${path}.listKind`, listKind, 'kind and listKind may not be the same'));
  stringsOf(names.categories).forEach((category, i) => {
    const messages = isDNS1035Label(category);
    if (messages.length > 0) errors.push(fieldInvalid(`${path}.categories[${i}]`, category, messages.join(',')));
  });
  return errors;
}

/** The group and scope, first in kube's order. */
export function groupAndScopeErrors(spec: InternalSpec): FieldError[] {
  return [...groupErrors(spec.group), ...enumErrors('spec.scope', spec.scope, crdScopes, true)];
}

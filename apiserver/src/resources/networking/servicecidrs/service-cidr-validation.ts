// ServiceCIDR (networking.k8s.io/v1): one or two canonical CIDRs, one of each IP family. They are
// fixed once set, except that a single-family range may gain a CIDR of the other family.

import { fieldInvalid, fieldRequired, type FieldBadValue, type FieldError, goStruct } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject } from '../../../registry/defaulting/json-fields.ts';
import { cidrErrors, cidrFamilyOf } from '../../../registry/validation/ip-formats.ts';
import { invalidEach } from '../../../registry/validation/value-formats.ts';

const immutable = 'field is immutable';

const cidrsOf = (serviceCidr: JsonObject): string[] | undefined =>
  isObject(serviceCidr.spec) && Array.isArray(serviceCidr.spec.cidrs) ? serviceCidr.spec.cidrs.map(String) : undefined;

export function serviceCidrErrors(serviceCidr: JsonObject): FieldError[] {
  const cidrs = cidrsOf(serviceCidr) ?? [];
  const path = 'spec.cidrs';
  if (cidrs.length === 0) return [fieldRequired(path, 'at least one CIDR required')];
  if (cidrs.length > 2) return [fieldInvalid(path, { json: goStruct({ CIDRs: cidrs }) }, 'may only hold up to 2 values')];
  const errors = cidrs.flatMap((cidr, i) => invalidEach(`${path}[${i}]`, cidr, cidrErrors(cidr)));
  const [first = '', second] = cidrs;
  const family = cidrFamilyOf(first);
  if (second !== undefined && family !== undefined && family === cidrFamilyOf(second)) {
    errors.push(fieldInvalid(path, cidrs, 'may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64'));
  }
  return errors;
}

export function serviceCidrUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  const cidrs = cidrsOf(next);
  const newCidrs = cidrs ?? [];
  const oldCidrs = cidrsOf(old) ?? [];
  const changed = (i: number): FieldError[] => (newCidrs[i] === oldCidrs[i] ? [] : [fieldInvalid(`spec.cidrs[${i}]`, newCidrs[i] ?? '', immutable)]);
  if (newCidrs.length === oldCidrs.length) return [...objectErrors, ...oldCidrs.flatMap((_, i) => changed(i))];
  // Growing to dual-stack checks the new list again, as kube does.
  if (oldCidrs.length === 1 && newCidrs.length === 2) return [...objectErrors, ...changed(0), ...serviceCidrErrors(next)];
  const value: FieldBadValue = cidrs ?? null;
  return [...objectErrors, fieldInvalid('spec.cidrs', value, immutable)];
}

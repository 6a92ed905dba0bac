// NetworkPolicy's own checks (networking.k8s.io/v1): ports, peers, ipBlock CIDRs (legacy fields,
// see ip-formats.ts) and policy types.

import { fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, parseCIDRSloppy, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectOf, objectsAt, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { labelSelectorErrors } from '../../../registry/validation/label-selector-validation.ts';
import { isStrictSubnet, legacyCidrErrors } from '../../../registry/validation/ip-formats.ts';
import { invalidEach, isValidPortNum, portNameErrors } from '../../../registry/validation/value-formats.ts';

const protocols = ['TCP', 'UDP', 'SCTP'];
const policyTypes = ['Ingress', 'Egress'];

export function networkPolicyErrors(policy: JsonObject): FieldError[] {
  const spec = objectOf(policy.spec);
  const errors = labelSelectorErrors(spec.podSelector, 'spec.podSelector');
  for (const [direction, peersKey] of [
    ['ingress', 'from'],
    ['egress', 'to'],
  ] as const) {
    objectsAt(spec, direction).forEach((rule, i) => {
      const path = `spec.${direction}[${i}]`;
      objectsAt(rule, 'ports').forEach((port, j) => errors.push(...policyPortErrors(port, `${path}.ports[${j}]`)));
      objectsAt(rule, peersKey).forEach((peer, j) => errors.push(...peerErrors(peer, `${path}.${peersKey}[${j}]`)));
    });
  }
  const types = stringsOf(spec.policyTypes);
  if (types.length > policyTypes.length) {
    errors.push(fieldInvalid('spec.policyTypes', types, 'may not specify more than two policyTypes'));
    return errors;
  }
  types.forEach((type, i) => {
    if (!policyTypes.includes(type)) errors.push(fieldNotSupported(`spec.policyTypes[${i}]`, type, policyTypes));
  });
  return errors;
}

function policyPortErrors(port: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (port.protocol !== undefined && port.protocol !== null && !protocols.includes(String(port.protocol))) {
    errors.push(fieldNotSupported(`${path}.protocol`, String(port.protocol), protocols));
  }
  const endPort = typeof port.endPort === 'number' ? port.endPort : undefined;
  if (typeof port.port === 'number') {
    for (const message of isValidPortNum(port.port)) errors.push(fieldInvalid(`${path}.port`, port.port, message));
    if (endPort !== undefined) {
      if (endPort < port.port) errors.push(fieldInvalid(`${path}.endPort`, endPort, 'must be greater than or equal to `port`'));
      for (const message of isValidPortNum(endPort)) errors.push(fieldInvalid(`${path}.endPort`, endPort, message));
    }
  } else if (typeof port.port === 'string') {
    if (endPort !== undefined) errors.push(fieldInvalid(`${path}.endPort`, endPort, 'may not be specified when `port` is non-numeric'));
    for (const message of portNameErrors(port.port)) errors.push(fieldInvalid(`${path}.port`, port.port, message));
  } else if (endPort !== undefined) errors.push(fieldInvalid(`${path}.endPort`, endPort, 'may not be specified when `port` is not specified'));
  return errors;
}

function peerErrors(peer: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  let peers = 0;
  for (const key of ['podSelector', 'namespaceSelector']) {
    if (!isObject(peer[key])) continue;
    peers++;
    errors.push(...labelSelectorErrors(peer[key], `${path}.${key}`));
  }
  if (isObject(peer.ipBlock)) {
    peers++;
    errors.push(...ipBlockErrors(peer.ipBlock, `${path}.ipBlock`));
  }
  if (peers === 0) errors.push(fieldRequired(path, 'must specify a peer'));
  else if (peers > 1 && isObject(peer.ipBlock)) errors.push(fieldForbidden(path, 'may not specify both ipBlock and another peer'));
  return errors;
}

function ipBlockErrors(block: JsonObject, path: string): FieldError[] {
  const cidrText = stringOf(block.cidr);
  if (cidrText === '') return [fieldRequired(`${path}.cidr`)];
  const errors = invalidEach(`${path}.cidr`, cidrText, legacyCidrErrors(cidrText));
  const cidr = parseCIDRSloppy(cidrText);
  if (cidr === undefined) return errors;
  stringsOf(block.except).forEach((exceptText, i) => {
    const exceptPath = `${path}.except[${i}]`;
    errors.push(...invalidEach(exceptPath, exceptText, legacyCidrErrors(exceptText)));
    const except = parseCIDRSloppy(exceptText);
    if (except !== undefined && !isStrictSubnet(cidr, except)) errors.push(fieldInvalid(exceptPath, exceptText, 'must be a strict subset of `cidr`'));
  });
  return errors;
}

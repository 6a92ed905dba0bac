// NetworkPolicy's own checks (networking.k8s.io/v1): ports, peers, ipBlock CIDRs and policy types;
// and the formats networking kinds share: port names, and IPs and CIDRs parsed as leniently as
// k8s.io/utils/net's ParseIPSloppy and ParseCIDRSloppy parse them.

import { fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, goQuote, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { isObject, objectsAt } from '../defaulting/json-fields.ts';
import { labelSelectorErrors } from './label-selector-validation.ts';
import { isValidPortNum } from './value-formats.ts';

const protocols = ['TCP', 'UDP', 'SCTP'];
const policyTypes = ['Ingress', 'Egress'];

export function networkPolicyErrors(policy: JsonObject): FieldError[] {
  const spec = isObject(policy.spec) ? policy.spec : {};
  const errors = labelSelectorErrors(spec.podSelector, 'spec.podSelector');
  for (const [direction, peersKey] of [['ingress', 'from'], ['egress', 'to']] as const) {
    objectsAt(spec, direction).forEach((rule, i) => {
      const path = `spec.${direction}[${i}]`;
      objectsAt(rule, 'ports').forEach((port, j) => errors.push(...policyPortErrors(port, `${path}.ports[${j}]`)));
      objectsAt(rule, peersKey).forEach((peer, j) => errors.push(...peerErrors(peer, `${path}.${peersKey}[${j}]`)));
    });
  }
  const types = Array.isArray(spec.policyTypes) ? spec.policyTypes.map(String) : [];
  if (types.length > policyTypes.length) {
    errors.push(fieldInvalid('spec.policyTypes', { goSyntax: `[]networking.PolicyType{${types.map(goQuote).join(', ')}}` }, 'may not specify more than two policyTypes'));
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

const cidrMessage = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

function ipBlockErrors(block: JsonObject, path: string): FieldError[] {
  const cidrText = typeof block.cidr === 'string' ? block.cidr : '';
  if (cidrText === '') return [fieldRequired(`${path}.cidr`)];
  const cidr = parseCidrSloppy(cidrText);
  if (cidr === undefined) return [fieldInvalid(`${path}.cidr`, cidrText, cidrMessage)];
  const errors: FieldError[] = [];
  (Array.isArray(block.except) ? block.except.map(String) : []).forEach((exceptText, i) => {
    const exceptPath = `${path}.except[${i}]`;
    const except = parseCidrSloppy(exceptText);
    if (except === undefined) errors.push(fieldInvalid(exceptPath, exceptText, cidrMessage));
    else if (!cidrContains(cidr, except.bytes) || cidr.prefix >= except.prefix) errors.push(fieldInvalid(exceptPath, exceptText, 'must be a strict subset of `cidr`'));
  });
  return errors;
}

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

// --- lenient IPs and CIDRs -------------------------------------------------------------------------

/** An address's bytes: 4 for IPv4 (leading zeros allowed), 16 for IPv6; undefined when it is none. */
export function parseIpSloppy(text: string): number[] | undefined {
  const family = /[.:]/.exec(text)?.[0];
  return family === '.' ? parseIpv4(text) : family === ':' ? parseIpv6(text) : undefined;
}

function parseIpv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,8}$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.map(Number);
}

function parseIpv6(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
  const words: number[][] = [];
  for (const [h, half] of groups.entries()) {
    const half16: number[] = [];
    for (const [g, group] of half.entries()) {
      const last = h === groups.length - 1 && g === half.length - 1;
      if (last && group.includes('.')) {
        const v4 = parseIpv4(group);
        if (v4 === undefined) return undefined;
        half16.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number));
      } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) half16.push(parseInt(group, 16));
      else return undefined;
    }
    words.push(half16);
  }
  const [head = [], tail = []] = words;
  const missing = 8 - head.length - tail.length;
  // With "::" at least one group is left out; without it all eight are written.
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail].flatMap((word) => [word >> 8, word & 0xff]);
}

interface Cidr {
  readonly bytes: readonly number[];
  readonly prefix: number;
}

function parseCidrSloppy(text: string): Cidr | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const bytes = parseIpSloppy(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (bytes === undefined || !/^\d{1,8}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  return prefix > bytes.length * 8 ? undefined : { bytes, prefix };
}

function cidrContains(cidr: Cidr, address: readonly number[]): boolean {
  if (address.length !== cidr.bytes.length) return false;
  for (let bit = 0; bit < cidr.prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    const i = Math.floor(bit / 8);
    if (((cidr.bytes[i] as number) & mask) !== ((address[i] as number) & mask)) return false;
  }
  return true;
}

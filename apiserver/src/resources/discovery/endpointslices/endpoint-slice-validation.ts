// EndpointSlice (discovery.k8s.io/v1): the address type, each endpoint's addresses as that type
// reads them, its node, topology, hostname and hints, then the ports; the address type is fixed.

import { fieldDuplicate, fieldInvalid, fieldNotSupported, fieldRequired, fieldTooMany, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectsAt, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { endpointIpErrors, ipFamilyOf, legacyIpErrors } from '../../../registry/validation/ip-formats.ts';
import { labelErrors } from '../../../registry/validation/object-meta-validation.ts';
import { invalidEach, isQualifiedName, isValidLabelValue } from '../../../registry/validation/value-formats.ts';

const addressTypes = ['FQDN', 'IPv4', 'IPv6'];
const protocols = ['SCTP', 'TCP', 'UDP'];
const maxEndpoints = 1000;
const maxAddresses = 100;
const maxTopologyLabels = 16;
const maxPorts = 20000;
const maxHints = 8;

export function endpointSliceErrors(slice: JsonObject): FieldError[] {
  const addressType = stringOf(slice.addressType);
  const errors: FieldError[] = [];
  if (addressType === '') errors.push(fieldRequired('addressType'));
  else if (!addressTypes.includes(addressType)) errors.push(fieldNotSupported('addressType', addressType, addressTypes));
  const endpoints = objectsAt(slice, 'endpoints');
  if (endpoints.length > maxEndpoints) errors.push(fieldTooMany('endpoints', endpoints.length, maxEndpoints));
  else endpoints.forEach((endpoint, i) => errors.push(...endpointErrors(endpoint, addressType, `endpoints[${i}]`)));
  errors.push(...portErrors(objectsAt(slice, 'ports')));
  return errors;
}

export function endpointSliceUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  if (next.addressType === old.addressType) return objectErrors;
  return [...objectErrors, fieldInvalid('addressType', stringOf(next.addressType), 'field is immutable')];
}

function endpointErrors(endpoint: JsonObject, addressType: string, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const addresses = stringsOf(endpoint.addresses);
  if (addresses.length === 0) errors.push(fieldRequired(`${path}.addresses`, 'must contain at least 1 address'));
  else if (addresses.length > maxAddresses) errors.push(fieldTooMany(`${path}.addresses`, addresses.length, maxAddresses));
  addresses.forEach((address, i) => errors.push(...addressErrors(address, addressType, `${path}.addresses`, i)));
  if (typeof endpoint.nodeName === 'string') errors.push(...invalidEach(`${path}.nodeName`, endpoint.nodeName, isDNS1123Subdomain(endpoint.nodeName)));
  const topology = endpoint.deprecatedTopology;
  if (isObject(topology) && Object.keys(topology).length > maxTopologyLabels) {
    errors.push(fieldTooMany(`${path}.deprecatedTopology`, Object.keys(topology).length, maxTopologyLabels));
  }
  errors.push(...labelErrors(topology, `${path}.deprecatedTopology`));
  if (typeof endpoint.hostname === 'string') errors.push(...invalidEach(`${path}.hostname`, endpoint.hostname, isDNS1123Label(endpoint.hostname)));
  if (isObject(endpoint.hints)) errors.push(...hintErrors(endpoint.hints, `${path}.hints`));
  return errors;
}

/**
 * Addresses are read as the slice's type says; kube quotes a family mismatch at the list, not at
 * the address, and checks the special ranges only of addresses that parse.
 */
function addressErrors(address: string, addressType: string, listPath: string, index: number): FieldError[] {
  const path = `${listPath}[${index}]`;
  if (addressType === 'FQDN') return fullyQualifiedDomainNameErrors(address, path);
  if (addressType !== 'IPv4' && addressType !== 'IPv6') return [];
  const parseErrors = legacyIpErrors(address);
  if (parseErrors.length > 0) return invalidEach(path, address, parseErrors);
  const errors: FieldError[] = [];
  if (addressType === 'IPv4' && ipFamilyOf(address) !== 4) errors.push(fieldInvalid(listPath, address, 'must be an IPv4 address'));
  if (addressType === 'IPv6' && ipFamilyOf(address) !== 6) errors.push(fieldInvalid(listPath, address, 'must be an IPv6 address'));
  return [...errors, ...invalidEach(path, address, endpointIpErrors(address))];
}

/** IsFullyQualifiedDomainName: a subdomain of at least two labels, a trailing dot allowed; the first problem only. */
function fullyQualifiedDomainNameErrors(value: string, path: string): FieldError[] {
  if (value === '') return [fieldRequired(path)];
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  const subdomain = isDNS1123Subdomain(name);
  if (subdomain.length > 0) return [fieldInvalid(path, name, subdomain.join(','))];
  const labels = name.split('.');
  if (labels.length < 2) return [fieldInvalid(path, name, 'should be a domain with at least two segments separated by dots')];
  for (const label of labels) {
    const messages = isDNS1123Label(label);
    if (messages.length > 0) return [fieldInvalid(path, label, messages.join(','))];
  }
  return [];
}

/** Zones are label values and nodes node names; each list at most eight, without repeats. */
function hintErrors(hints: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const lists = [
    ['forZones', isValidLabelValue],
    ['forNodes', isDNS1123Subdomain],
  ] as const;
  for (const [list, check] of lists) {
    const entries = objectsAt(hints, list);
    if (entries.length > maxHints) return [...errors, fieldTooMany(`${path}.${list}`, entries.length, maxHints)];
    const seen = new Set<string>();
    entries.forEach((entry, i) => {
      const name = stringOf(entry.name);
      const field = `${path}.${list}[${i}].name`;
      if (seen.has(name)) errors.push(fieldDuplicate(field, name));
      seen.add(name);
      errors.push(...invalidEach(field, name, check(name)));
    });
  }
  return errors;
}

function portErrors(ports: readonly JsonObject[]): FieldError[] {
  if (ports.length > maxPorts) return [fieldTooMany('ports', ports.length, maxPorts)];
  const errors: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const path = `ports[${i}]`;
    const name = stringOf(port.name);
    if (name !== '') errors.push(...invalidEach(`${path}.name`, name, isDNS1123Label(name)));
    if (names.has(name)) errors.push(fieldDuplicate(`${path}.name`, name));
    names.add(name);
    const protocol = port.protocol;
    if (typeof protocol !== 'string') errors.push(fieldRequired(`${path}.protocol`));
    else if (!protocols.includes(protocol)) errors.push(fieldNotSupported(`${path}.protocol`, protocol, protocols));
    if (typeof port.appProtocol === 'string') errors.push(...invalidEach(`${path}.appProtocol`, port.appProtocol, isQualifiedName(port.appProtocol)));
  });
  return errors;
}

// ValidateEndpoints: each subset has addresses (ready or not) with a valid, non-special IP, a DNS
// label hostname and a node name; its ports are named when there are several, with a valid number,
// protocol and app protocol.

import { fieldInvalid, fieldNotSupported, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { numberOf, objectsAt, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { endpointIpErrors, legacyIpErrors } from '../../../registry/validation/ip-formats.ts';
import { invalidEach, isQualifiedName, isValidPortNum } from '../../../registry/validation/value-formats.ts';
import type { KindValidation } from '../../../registry/validation/kind-validation.ts';

const protocols = ['SCTP', 'TCP', 'UDP'];

function addressErrors(address: JsonObject, path: string): FieldError[] {
  const ip = stringOf(address.ip);
  const errors = invalidEach(`${path}.ip`, ip, legacyIpErrors(ip));
  if (typeof address.hostname === 'string' && address.hostname !== '') errors.push(...invalidEach(`${path}.hostname`, address.hostname, isDNS1123Label(address.hostname)));
  if (typeof address.nodeName === 'string') errors.push(...invalidEach(`${path}.nodeName`, address.nodeName, isDNS1123Subdomain(address.nodeName)));
  return [...errors, ...invalidEach(`${path}.ip`, ip, endpointIpErrors(ip))];
}

function portErrors(port: JsonObject, requireName: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = stringOf(port.name);
  if (requireName && name === '') errors.push(fieldRequired(`${path}.name`));
  else if (name !== '') errors.push(...invalidEach(`${path}.name`, name, isDNS1123Label(name)));
  const number = numberOf(port.port);
  errors.push(...isValidPortNum(number).map((message) => fieldInvalid(`${path}.port`, number, message)));
  const protocol = stringOf(port.protocol);
  if (protocol === '') errors.push(fieldRequired(`${path}.protocol`));
  else if (!protocols.includes(protocol)) errors.push(fieldNotSupported(`${path}.protocol`, protocol, protocols));
  if (typeof port.appProtocol === 'string') errors.push(...invalidEach(`${path}.appProtocol`, port.appProtocol, isQualifiedName(port.appProtocol)));
  return errors;
}

function endpointsErrors(endpoints: JsonObject): FieldError[] {
  return objectsAt(endpoints, 'subsets').flatMap((subset, i) => {
    const path = `subsets[${i}]`;
    const ready = objectsAt(subset, 'addresses');
    const notReady = objectsAt(subset, 'notReadyAddresses');
    const ports = objectsAt(subset, 'ports');
    return [
      ...(ready.length === 0 && notReady.length === 0 ? [fieldRequired(path, 'must specify `addresses` or `notReadyAddresses`')] : []),
      ...ready.flatMap((address, j) => addressErrors(address, `${path}.addresses[${j}]`)),
      ...notReady.flatMap((address, j) => addressErrors(address, `${path}.notReadyAddresses[${j}]`)),
      ...ports.flatMap((port, j) => portErrors(port, ports.length > 1, `${path}.ports[${j}]`)),
    ];
  });
}

export const endpointsValidation: KindValidation = { validate: endpointsErrors };

// A Service's ports and type, checked as kube checks them: ports unless headless or
// ExternalName, valid port numbers, names on every port of several, no name twice.

import { fieldDuplicate, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { objectOf, objectsAt, stringOf } from '../defaulting/json-fields.ts';
import { externallyAccessible } from '../service-addresses/service-addresses.ts';
import { isValidPortNum } from './value-formats.ts';

const types = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];

export function serviceErrors(service: JsonObject): FieldError[] {
  const spec = objectOf(service.spec);
  const errors: FieldError[] = [];
  if (spec.type !== undefined && !types.includes(String(spec.type))) errors.push(fieldNotSupported('spec.type', String(spec.type), types));
  const ports = objectsAt(spec, 'ports');
  if (ports.length === 0 && spec.type !== 'ExternalName' && spec.clusterIP !== 'None') errors.push(fieldRequired('spec.ports'));
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const path = `spec.ports[${i}]`;
    const name = stringOf(port.name);
    if (ports.length > 1 && name === '') errors.push(fieldRequired(`${path}.name`));
    if (name !== '' && names.has(name)) errors.push(fieldDuplicate(`${path}.name`, name));
    names.add(name);
    for (const message of isValidPortNum(port.port)) errors.push(fieldInvalid(`${path}.port`, (port.port as number) ?? 0, message));
    if (typeof port.targetPort === 'number') for (const message of isValidPortNum(port.targetPort)) errors.push(fieldInvalid(`${path}.targetPort`, port.targetPort, message));
    if (spec.type === 'ClusterIP' && typeof port.nodePort === 'number' && port.nodePort !== 0) errors.push(fieldForbidden(`${path}.nodePort`, "may not be used when `type` is 'ClusterIP'"));
  });
  if (!externallyAccessible(spec) && typeof spec.externalTrafficPolicy === 'string' && spec.externalTrafficPolicy !== '') {
    errors.push(fieldInvalid('spec.externalTrafficPolicy', spec.externalTrafficPolicy, 'may only be set for externally-accessible services'));
  }
  return errors;
}

// The driver configuration DeviceClasses and ResourceClaims carry (resource.k8s.io): an opaque
// entry naming a driver, with parameters that are a JSON object of at most 10 Ki.

import { fieldInvalid, fieldRequired, fieldTooLong, type FieldError } from '@capstan/common';
import { isObject, stringOf } from '../defaulting/json-fields.ts';
import { csiDriverNameErrors } from '../../resources/storage/csidrivers/csi-driver-validation.ts';

const maxParametersLength = 10 * 1024;

/**
 * kube measures the raw bytes it was sent; we measure the parameters written compactly. Stored
 * (unchanged) parameters predate the limit and are not measured again.
 */
function parametersErrors(parameters: unknown, path: string, stored: boolean): FieldError[] {
  if (parameters === undefined || parameters === null) return [fieldRequired(path)];
  if (!stored && JSON.stringify(parameters).length > maxParametersLength) return [fieldTooLong(path, maxParametersLength)];
  return isObject(parameters) ? [] : [fieldInvalid(path, '<value omitted>', 'must be a valid JSON object')];
}

/** A DeviceConfiguration at `path`: its `opaque` entry is required. */
export function deviceConfigurationErrors(configuration: unknown, path: string, stored = false): FieldError[] {
  const opaque = isObject(configuration) ? configuration.opaque : undefined;
  if (!isObject(opaque)) return [fieldRequired(`${path}.opaque`)];
  const driver = stringOf(opaque.driver);
  return [...csiDriverNameErrors(driver, `${path}.opaque.driver`), ...parametersErrors(opaque.parameters, `${path}.opaque.parameters`, stored)];
}

// DeviceClass (resource.k8s.io/v1): its selectors and driver configuration. extendedResourceName
// belongs to DRAExtendedResource, off in 1.35: kube drops the field before validating it.

import { isDeepStrictEqual } from 'node:util';
import type { FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { objectOf } from '../../../registry/defaulting/json-fields.ts';
import { boundedListErrors, listAt } from '../../../registry/validation/bounded-list-validation.ts';
import { deviceConfigurationErrors } from '../../../registry/validation/opaque-configuration-validation.ts';
import { deviceSelectorsErrors } from '../../../registry/validation/device-selector-validation.ts';
import { withoutSpecErrors } from '../../../registry/validation/resource-update-order.ts';

const maxConfigurations = 32;

/**
 * `old`, on update: selectors kept as they were compile as stored expressions, and configuration
 * kept as it was is not measured again (an absent list is as good as an empty one).
 */
function deviceClassSpecErrors(spec: JsonObject, old: JsonObject | undefined): FieldError[] {
  const unchanged = (field: string): boolean => old !== undefined && isDeepStrictEqual(listAt(spec[field]), listAt(old[field]));
  const storedConfiguration = unchanged('config');
  return [
    ...deviceSelectorsErrors(spec.selectors, 'spec.selectors', unchanged('selectors')),
    ...boundedListErrors(listAt(spec.config), maxConfigurations, 'spec.config', (configuration, path) => deviceConfigurationErrors(configuration, path, storedConfiguration)),
  ];
}

export const deviceClassErrors = (deviceClass: JsonObject): FieldError[] => deviceClassSpecErrors(objectOf(deviceClass.spec), undefined);

export const deviceClassUpdateErrors = (next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] => [
  ...withoutSpecErrors(objectErrors),
  ...deviceClassSpecErrors(objectOf(next.spec), objectOf(old.spec)),
];

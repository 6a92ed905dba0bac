// The scale subresource of a custom resource, as kube's CRD scale paths place it: spec replicas
// at specReplicasPath (0 when missing, though a GET of a Scale without them is kube's 500), status
// replicas at statusReplicasPath (0 when missing), the selector the string at labelSelectorPath.
// Its Scale carries no managedFields, as kube's does not.

import { newInternalError, type JsonObject as CommonJsonObject } from '@capstan/common';
import type { ResourceDefinition, ScalePaths } from '../resources/resource-definition.ts';
import { metadataOf, type JsonObject } from './object-meta.ts';
import { scaleObject } from './scale-object.ts';

type Found<T> = { readonly found: false } | { readonly found: true; readonly value: T };

/** A CRD's scale path (".spec.replicas") as its field names. */
export const scalePathFields = (path: string): string[] => path.replace(/^\./, '').split('.');

export const scalePathsOf = (definition: ResourceDefinition): ScalePaths | undefined => definition.subresources.find((s) => s.name === 'scale')?.scalePaths;

/** The value at a path, as kube's unstructured accessors read it: missing, or of the type asked for, or an error. */
function nestedAt<T>(object: unknown, path: string, type: 'int64' | 'string', matches: (value: unknown) => value is T): Found<T> {
  let current = object;
  for (const field of scalePathFields(path)) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return { found: false };
    if (!Object.hasOwn(current, field)) return { found: false };
    current = (current as Record<string, unknown>)[field];
  }
  if (!matches(current)) throw newInternalError(`${path} accessor error: ${JSON.stringify(current)} is of the type ${goTypeOf(current)}, expected ${type}`);
  return { found: true, value: current };
}

const goTypeOf = (value: unknown): string =>
  value === null
    ? '<nil>'
    : Array.isArray(value)
      ? '[]interface {}'
      : typeof value === 'object'
        ? 'map[string]interface {}'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'int64'
            : 'float64'
          : typeof value === 'boolean'
            ? 'bool'
            : 'string';

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isString = (value: unknown): value is string => typeof value === 'string';

export function customScaleOf(paths: ScalePaths, object: JsonObject, reading: boolean): JsonObject {
  const spec = nestedAt(object, paths.specReplicasPath, 'int64', isInteger);
  if (reading && !spec.found) throw newInternalError(`the spec replicas field ${JSON.stringify(paths.specReplicasPath)} does not exist`);
  const status = nestedAt(object, paths.statusReplicasPath, 'int64', isInteger);
  const selector = paths.labelSelectorPath === undefined || paths.labelSelectorPath === '' ? undefined : nestedAt(object, paths.labelSelectorPath, 'string', isString);
  return scaleObject(metadataOf(object), {
    replicas: spec.found ? spec.value : 0,
    statusReplicas: status.found ? status.value : 0,
    selector: selector?.found === true ? selector.value : '',
  });
}

/** The object with its spec replicas set, the objects on the way made as needed (kube's SetNestedField). */
export function withCustomReplicas(paths: ScalePaths, object: JsonObject, replicas: number): JsonObject {
  const set = (value: unknown, fields: readonly string[]): CommonJsonObject => {
    const current = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as CommonJsonObject) : {};
    const [field, ...rest] = fields as [string, ...string[]];
    return { ...current, [field]: rest.length === 0 ? replicas : set(current[field], rest) };
  };
  return set(object, scalePathFields(paths.specReplicasPath)) as JsonObject;
}

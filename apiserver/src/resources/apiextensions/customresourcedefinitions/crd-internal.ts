// A v1 CustomResourceDefinition seen as kube-apiserver validates it: converted to the internal
// version first. That conversion lifts the per-version schema, subresources, printer columns and
// selectable fields to the top of the spec when every version has the same ones (so their errors
// are reported at spec.validation, spec.subresources, spec.additionalPrinterColumns), names
// spec.version after the first version, and moves the conversion webhook's client config and
// review versions up to spec.conversion.webhookClientConfig and .conversionReviewVersions.
// Schemas stay as sent (v1 JSON); their field names are the internal ones but for the JSON keys.

import { isDeepStrictEqual } from 'node:util';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectOf, stringOf } from '../../../registry/defaulting/json-fields.ts';

export interface InternalVersion {
  readonly name: string;
  readonly served: boolean;
  readonly storage: boolean;
  readonly deprecated: boolean;
  /** A pointer in kube: undefined when not sent. */
  readonly deprecationWarning: string | undefined;
  /** CustomResourceValidation (`{ openAPIV3Schema }`), undefined when nil. */
  readonly schema: JsonObject | undefined;
  readonly subresources: JsonObject | undefined;
  readonly additionalPrinterColumns: readonly JsonObject[] | undefined;
  readonly selectableFields: readonly JsonObject[] | undefined;
}

export interface InternalConversion {
  readonly strategy: string;
  readonly webhookClientConfig: JsonObject | undefined;
  readonly conversionReviewVersions: readonly string[] | undefined;
}

export interface InternalSpec {
  readonly group: string;
  /** The first version's name ('' without versions). */
  readonly version: string;
  readonly names: JsonObject;
  readonly scope: string;
  readonly validation: JsonObject | undefined;
  readonly subresources: JsonObject | undefined;
  readonly versions: readonly InternalVersion[];
  readonly additionalPrinterColumns: readonly JsonObject[] | undefined;
  readonly selectableFields: readonly JsonObject[] | undefined;
  readonly conversion: InternalConversion | undefined;
  readonly preserveUnknownFields: boolean;
}

const objectOrUndefined = (value: unknown): JsonObject | undefined => (isObject(value) ? value : undefined);
const objectsOrUndefined = (value: unknown): JsonObject[] | undefined => (Array.isArray(value) ? value.map(objectOf) : undefined);

/** apimachinery's semantic equality as far as it matters here: a nil and an empty list are equal. */
function semanticallyEqual(a: unknown, b: unknown): boolean {
  const emptyList = (v: unknown) => v === undefined || (Array.isArray(v) && v.length === 0);
  if (emptyList(a) && emptyList(b)) return true;
  return isDeepStrictEqual(a, b);
}

type PerVersion = 'schema' | 'subresources' | 'additionalPrinterColumns' | 'selectableFields';

function convertVersion(value: unknown): InternalVersion {
  const version = objectOf(value);
  return {
    name: stringOf(version.name),
    served: version.served === true,
    storage: version.storage === true,
    deprecated: version.deprecated === true,
    deprecationWarning: typeof version.deprecationWarning === 'string' ? version.deprecationWarning : undefined,
    schema: objectOrUndefined(version.schema),
    subresources: objectOrUndefined(version.subresources),
    additionalPrinterColumns: objectsOrUndefined(version.additionalPrinterColumns),
    selectableFields: objectsOrUndefined(version.selectableFields),
  };
}

function convertConversion(value: unknown): InternalConversion | undefined {
  if (!isObject(value)) return undefined;
  const webhook = objectOrUndefined(value.webhook);
  return {
    strategy: stringOf(value.strategy),
    webhookClientConfig: objectOrUndefined(webhook?.clientConfig),
    conversionReviewVersions: Array.isArray(webhook?.conversionReviewVersions) ? webhook.conversionReviewVersions.map(String) : undefined,
  };
}

/** The internal spec of a v1 object, as kube's conversion makes it. */
export function internalSpecOf(object: JsonObject): InternalSpec {
  const spec = objectOf(object.spec);
  let versions = Array.isArray(spec.versions) ? spec.versions.map(convertVersion) : [];
  const lifted: Partial<Record<PerVersion, unknown>> = {};
  if (versions.length > 0) {
    for (const key of ['schema', 'subresources', 'additionalPrinterColumns', 'selectableFields'] as const) {
      const first = versions[0]?.[key];
      if (versions.every((version) => semanticallyEqual(version[key], first))) {
        lifted[key] = first;
        versions = versions.map((version) => ({ ...version, [key]: undefined }));
      }
    }
  }
  return {
    group: stringOf(spec.group),
    version: versions[0]?.name ?? '',
    names: objectOf(spec.names),
    scope: stringOf(spec.scope),
    validation: lifted.schema as JsonObject | undefined,
    subresources: lifted.subresources as JsonObject | undefined,
    versions,
    additionalPrinterColumns: lifted.additionalPrinterColumns as JsonObject[] | undefined,
    selectableFields: lifted.selectableFields as JsonObject[] | undefined,
    conversion: convertConversion(spec.conversion),
    preserveUnknownFields: spec.preserveUnknownFields === true,
  };
}

/** A CustomResourceValidation's schema, if it has one. */
export const openAPIV3SchemaOf = (validation: JsonObject | undefined): JsonObject | undefined => objectOrUndefined(validation?.openAPIV3Schema);

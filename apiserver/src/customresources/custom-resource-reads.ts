// What kube-apiserver's storage codec of a custom resource (crdConversionRESTOptionsGetter) does
// to every object it reads, on get, list and watch alike: the object is pruned and defaulted by the
// schema of the version it is stored in, so a default added to the CRD shows in objects written
// before it; then it is converted to the version served and pruned by that version's schema. The
// served version's own defaults are not applied on read (kube defaults before it converts).

import { cloneJson } from '@capstan/common';
import { objectOf, objectsAt, stringOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { LocalConversion, RemoteConversion, StoredConversion } from '../registry/conversions/stored-conversion.ts';
import { applyDefaults, pruneNonNullableNulls, pruneUnknownFields, servingSchemaOf, type Structural } from './schema/index.ts';

/** What reading a CRD's stored objects needs: the structural schema of each of its versions. */
export interface CustomResourceReads {
  /**
   * The conversion of a served version with the reads around it: its fromStorage sees the object
   * pruned and defaulted as stored, and answers it pruned by the served version's schema; its
   * toStorage is the conversion's. Undefined when there is nothing to do (no conversion, and a
   * CRD that keeps unknown fields).
   */
  withReads(version: string, conversion: StoredConversion | undefined): StoredConversion | undefined;
}

const identity: LocalConversion = { toStorage: (object) => object, fromStorage: (object) => object };

/** The version an object's apiVersion names ("" when it names none). */
const versionOf = (object: JsonObject): string => {
  const apiVersion = stringOf(object.apiVersion);
  return apiVersion.slice(apiVersion.indexOf('/') + 1);
};

/** kube's unstructuredSchemaCoercer on a read: unknown fields pruned, nulls the schema does not allow dropped. */
function coerce(object: JsonObject, schema: Structural | undefined): void {
  if (schema === undefined) return;
  pruneUnknownFields(object, schema, true);
  pruneNonNullableNulls(object, schema);
}

export function customResourceReadsOf(crd: JsonObject): CustomResourceReads {
  // A v1beta1-era CRD with spec.preserveUnknownFields neither prunes nor (having no defaults) defaults.
  if (objectOf(crd.spec).preserveUnknownFields === true) return { withReads: (_version, conversion) => conversion };
  const schemas = new Map<string, Structural | undefined>();
  for (const version of objectsAt(objectOf(crd.spec), 'versions')) {
    let schema: Structural | undefined;
    try {
      schema = servingSchemaOf(objectOf(version.schema).openAPIV3Schema);
    } catch {
      // Not structural: its CRD's validation refused it; nothing to read by.
    }
    schemas.set(stringOf(version.name), schema);
  }
  return {
    withReads(version, conversion) {
      const served = schemas.get(version);
      const asStored = (stored: JsonObject): JsonObject => {
        // The stored object may be shared (a watch event's, read by every watcher): work on a copy.
        const object = cloneJson(stored);
        const storedSchema = schemas.get(versionOf(object));
        coerce(object, storedSchema);
        applyDefaults(object, storedSchema);
        return object;
      };
      const asServed = (converted: JsonObject): JsonObject => {
        coerce(converted, served);
        return converted;
      };
      if (conversion?.remote === true) {
        const remote: RemoteConversion = {
          remote: true,
          toStorage: (object) => conversion.toStorage(object),
          fromStorage: async (stored) => asServed(await conversion.fromStorage(asStored(stored))),
        };
        return remote;
      }
      const { toStorage, fromStorage } = conversion ?? identity;
      return { toStorage, fromStorage: (stored) => asServed(fromStorage(asStored(stored))) };
    },
  };
}

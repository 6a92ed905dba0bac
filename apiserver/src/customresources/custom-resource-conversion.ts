// How a served version of a CRD sees the stored objects: as they are stored, or converted by the
// CRD's conversion strategy. None rewrites apiVersion (kube's nopConverter); Webhook asks the
// CRD's webhook (conversion/webhook-converter.ts) and prunes its answer with the target version's
// schema, as kube's schema-coercing converter does. An object already in the version wanted is
// never sent. The storage version converts too while status.storedVersions says objects of
// another version may still be stored.

import type { LocalConversion, RemoteConversion, StoredConversion } from '../registry/conversions/stored-conversion.ts';
import { objectOf, stringOf, stringsOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { newUnclassifiedError, StatusError } from '@capstan/common';
import type { CustomObjectSchema } from './custom-object-schema.ts';
import type { CustomObjectConverter } from './conversion/webhook-converter.ts';

export interface VersionConversionContext {
  readonly group: string;
  readonly storageVersion: string;
  /** The schema of each version by name (undefined where it has none that is structural). */
  readonly schemas: ReadonlyMap<string, CustomObjectSchema | undefined>;
  /** The CRD's webhook converter, made on first use, shared by its versions. */
  readonly webhook: () => CustomObjectConverter;
}

/** The conversion of `version`'s view; undefined when the stored bytes are its objects as they are. */
export function versionConversionOf(crd: JsonObject, version: string, context: VersionConversionContext): StoredConversion | undefined {
  const { group, storageVersion } = context;
  const othersStored = stringsOf(objectOf(crd.status).storedVersions).some((stored) => stored !== storageVersion);
  if (version === storageVersion && !othersStored) return undefined;
  const apiVersion = `${group}/${version}`;
  const storedApiVersion = `${group}/${storageVersion}`;
  if (stringOf(objectOf(objectOf(crd.spec).conversion).strategy) !== 'Webhook') {
    const none: LocalConversion = {
      toStorage: (object) => (object.apiVersion === storedApiVersion ? object : { ...object, apiVersion: storedApiVersion }),
      fromStorage: (object) => (object.apiVersion === apiVersion ? object : { ...object, apiVersion }),
    };
    return none;
  }
  const webhook: RemoteConversion = {
    remote: true,
    toStorage: (object) => converted(context, object, storageVersion),
    fromStorage: (object) => converted(context, object, version),
  };
  return webhook;
}

async function converted(context: VersionConversionContext, object: JsonObject, version: string): Promise<JsonObject> {
  const out = await context.webhook().convert(object, `${context.group}/${version}`);
  if (out === object) return out;
  try {
    // The webhook's answer is its own object: pruned in place.
    await context.schemas.get(version)?.prune(out);
  } catch (error) {
    // A value the schema cannot take fails the read or write that converted it, as kube's decoding does.
    if (error instanceof StatusError) throw newUnclassifiedError(error.message);
    throw error;
  }
  return out;
}

// kube's choice of a default class (GetDefaultClass of StorageClasses, getDefaultClass of
// IngressClasses): of the classes the annotation marks "true", the newest, and of those created in
// the same second the first by name.

import { errorMessage } from '@capstan/common';
import { objectOf, stringOf } from '../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { wholeList } from '../registry/store-list.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';
import { admissionForbidden } from './admission-forbidden.ts';

/** Every object of a store: a consistent read (the watch cache serves it once it has caught up). */
export async function allObjects(store: GenericStore): Promise<readonly JsonObject[]> {
  return store.readAll((await store.list(wholeList(undefined))).items);
}

/** The default class among `classes` by any of `annotations`, or undefined when none is marked. */
export function defaultClassOf(classes: readonly JsonObject[], annotations: readonly string[]): JsonObject | undefined {
  const marked = classes.filter((candidate) => {
    const marks = objectOf(metadataOf(candidate).annotations);
    return annotations.some((annotation) => marks[annotation] === 'true');
  });
  const createdAt = (object: JsonObject): number => Date.parse(stringOf(metadataOf(object).creationTimestamp)) || 0;
  const nameOf = (object: JsonObject): string => stringOf(metadataOf(object).name);
  marked.sort((a, b) => createdAt(b) - createdAt(a) || (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0));
  return marked[0];
}

/** The name of the store's default class by any of `annotations`; a class list that fails refuses the request (403), as kube's. */
export async function defaultClassName(attributes: AdmissionAttributes, classes: GenericStore, annotations: readonly string[]): Promise<string | undefined> {
  let found: JsonObject | undefined;
  try {
    found = defaultClassOf(await allObjects(classes), annotations);
  } catch (error) {
    throw admissionForbidden(attributes, errorMessage(error));
  }
  return found === undefined ? undefined : stringOf(metadataOf(found).name);
}

// What the CustomResourceDefinition store fills in (kube's strategy): a new CRD's status starts
// empty with its storage version as the one stored version; an update adds a new storage version
// to the stored ones (its status is otherwise the stored one, as for every kind with a status
// subresource).

import type { JsonObject } from '../../../registry/object-meta.ts';
import type { ResourceStrategy } from '../../../registry/strategy.ts';
import { isObject, objectOf, stringOf } from '../../../registry/defaulting/json-fields.ts';

/** The status every new CRD starts with, as kube writes its empty CustomResourceDefinitionStatus. */
export const initialCrdStatus = (): JsonObject => ({ conditions: null, acceptedNames: { plural: '', kind: '' } });

function recordStorageVersion(crd: JsonObject): void {
  const versions = Array.isArray(objectOf(crd.spec).versions) ? (objectOf(crd.spec).versions as unknown[]) : [];
  const storage = versions.find((version) => isObject(version) && version.storage === true);
  if (!isObject(storage)) return;
  const status = isObject(crd.status) ? crd.status : {};
  crd.status = status;
  const stored = Array.isArray(status.storedVersions) ? status.storedVersions.map(String) : [];
  const name = stringOf(storage.name);
  if (!stored.includes(name)) status.storedVersions = [...stored, name];
}

export const customResourceDefinitionStrategy: ResourceStrategy = {
  prepareForCreate: (crd) => {
    crd.status = initialCrdStatus();
    recordStorageVersion(crd);
  },
  prepareForUpdate: (next) => recordStorageVersion(next),
};

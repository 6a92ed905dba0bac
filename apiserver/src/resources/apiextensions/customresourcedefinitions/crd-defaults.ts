// A v1 CustomResourceDefinition's defaults (kube's SetObjectDefaults_CustomResourceDefinition):
// the singular name is the kind in lower case, the list kind is the kind + "List", the
// conversion strategy None, a conversion webhook service's port 443, and the stored versions
// start with the storage version.

import type { JsonObject } from '../../../registry/object-meta.ts';
import { defaultTo, isObject, objectAt, stringOf } from '../../../registry/defaulting/json-fields.ts';

export function defaultCustomResourceDefinition(crd: JsonObject): void {
  const spec = objectAt(crd, 'spec');
  const names = objectAt(spec, 'names');
  const kind = stringOf(names.kind);
  if (stringOf(names.singular) === '') names.singular = kind.toLowerCase();
  if (stringOf(names.listKind) === '' && kind !== '') names.listKind = `${kind}List`;
  defaultTo(spec, 'conversion', { strategy: 'None' });
  const webhook = isObject(spec.conversion) ? spec.conversion.webhook : undefined;
  const service = isObject(webhook) && isObject(webhook.clientConfig) ? webhook.clientConfig.service : undefined;
  if (isObject(service)) defaultTo(service, 'port', 443);
  const status = isObject(crd.status) ? crd.status : undefined;
  const stored = status?.storedVersions;
  if (status !== undefined && !(Array.isArray(stored) && stored.length > 0)) {
    const storage = Array.isArray(spec.versions) ? spec.versions.find((version) => isObject(version) && version.storage === true) : undefined;
    if (isObject(storage)) status.storedVersions = [stringOf(storage.name)];
  }
}

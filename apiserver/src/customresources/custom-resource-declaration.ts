// The declarations a CustomResourceDefinition makes at run time: one ResourceDefinition per served
// version, through the same type as the built-in resources, so the registry, the endpoints and
// discovery serve custom resources as they serve built-in ones.

import { storageVersionHash } from '../discovery/storage-version-hash.ts';
import { compareKubeAwareVersions } from '../discovery/group-version-order.ts';
import { objectOf, objectsAt, stringOf, stringsOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { ResourceBehaviour } from '../resources/resource-behaviour.ts';
import type { CustomResourceFacts, ResourceDefinition, ScalePaths, SubresourceDefinition } from '../resources/resource-definition.ts';
import type { Verb } from '../resources/resource-definition.ts';
import { scale, status } from '../resources/resource-facts.ts';
import { customObjectSchemaOf, type CustomObjectSchema } from './custom-object-schema.ts';
import { customResourceColumns } from './custom-resource-columns.ts';
import { versionConversionOf } from './custom-resource-conversion.ts';
import type { CustomObjectConverter } from './conversion/webhook-converter.ts';
import { customResourceReadsOf } from './custom-resource-reads.ts';
import { selectableFieldLabels } from './selectable-fields.ts';

/** The verbs of a custom resource, in the order kube's CRD discovery lists them. */
const customResourceVerbs: readonly Verb[] = ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'];

/** A CustomResourceDefinition's version as its spec declares it. */
interface CrdVersion {
  readonly name: string;
  readonly served: boolean;
  readonly storage: boolean;
  readonly version: JsonObject;
}

const versionsOf = (crd: JsonObject): CrdVersion[] =>
  objectsAt(objectOf(crd.spec), 'versions').map((version) => ({
    name: stringOf(version.name),
    served: version.served === true,
    storage: version.storage === true,
    version,
  }));

const scalePathsOf = (scale: JsonObject): ScalePaths => ({
  specReplicasPath: stringOf(scale.specReplicasPath),
  statusReplicasPath: stringOf(scale.statusReplicasPath),
  ...(typeof scale.labelSelectorPath === 'string' ? { labelSelectorPath: scale.labelSelectorPath } : {}),
});

/**
 * The Warning of a request to a deprecated version: the version's deprecationWarning, else kube's
 * "<group>/<version> <Kind> is deprecated", naming the most preferred served, not deprecated,
 * newer version to use instead when there is one.
 */
function deprecationWarningOf(crd: JsonObject, versionName: string): string {
  const version = versionsOf(crd).find((candidate) => candidate.name === versionName);
  if (typeof version?.version.deprecationWarning === 'string') return version.version.deprecationWarning;
  const spec = objectOf(crd.spec);
  const group = stringOf(spec.group);
  const kind = stringOf(objectOf(spec.names).kind);
  const warning = `${group}/${versionName} ${kind} is deprecated`;
  const newer = versionsOf(crd)
    .filter((candidate) => candidate.served && candidate.version.deprecated !== true && compareKubeAwareVersions(versionName, candidate.name) > 0)
    .map((candidate) => candidate.name)
    .sort(compareKubeAwareVersions);
  return newer[0] === undefined ? warning : `${warning}; use ${group}/${newer[0]} ${kind}`;
}

/** The version a CRD's objects are stored in. */
export const storageVersionOf = (crd: JsonObject): string | undefined => versionsOf(crd).find((version) => version.storage)?.name;

/** The etcd key prefix below /registry/ of a CRD's objects, as kube's: <group>/<plural>. */
export const customResourcePrefixOf = (crd: JsonObject): string => `${stringOf(objectOf(crd.spec).group)}/${stringOf(objectOf(objectOf(crd.status).acceptedNames).plural)}`;

/**
 * The served versions of an established CRD, each a resource declaration, named by the CRD's
 * accepted names. A version that is not the storage version converts by the CRD's conversion
 * strategy (custom-resource-conversion.ts); `webhookOf` makes the converter of strategy Webhook.
 * `terminating` says whether the CRD is being deleted now (creates are refused then).
 */
export function customResourceDefinitionsOf(
  crd: JsonObject,
  webhookOf: (crd: JsonObject) => CustomObjectConverter,
  terminating: () => boolean = () => false,
): ResourceDefinition[] {
  const spec = objectOf(crd.spec);
  const names = objectOf(objectOf(crd.status).acceptedNames);
  const group = stringOf(spec.group);
  const kind = stringOf(names.kind);
  const plural = stringOf(names.plural);
  const storageVersion = storageVersionOf(crd);
  if (storageVersion === undefined || plural === '' || kind === '') return [];
  const schemas = new Map<string, CustomObjectSchema | undefined>(
    versionsOf(crd).map(({ name, version }) => [name, customObjectSchemaOf(objectOf(version.schema).openAPIV3Schema, group, kind, name)]),
  );
  let converter: CustomObjectConverter | undefined;
  const conversionContext = { group, storageVersion, schemas, webhook: () => (converter ??= webhookOf(crd)) };
  const reads = customResourceReadsOf(crd);
  // kube's discovery controller hashes the storage version only while it is served, with the spec's kind.
  const storageServed = versionsOf(crd).some((version) => version.storage && version.served);
  const crdFacts: Pick<CustomResourceFacts, 'storageVersionHash' | 'terminating'> = {
    storageVersionHash: storageServed ? storageVersionHash(group, storageVersion, stringOf(objectOf(spec.names).kind)) : undefined,
    terminating,
  };
  return versionsOf(crd)
    .filter((version) => version.served)
    .map(({ name, version }) => {
      const subresources = objectOf(version.subresources);
      const declared: SubresourceDefinition[] = [];
      if (subresources.status !== undefined) declared.push(status(kind));
      if (subresources.scale !== undefined) declared.push({ ...scale, scalePaths: scalePathsOf(objectOf(subresources.scale)) });
      const schema = schemas.get(name);
      const behaviour: ResourceBehaviour = {
        strategy: {},
        defaults: schema === undefined ? undefined : (object) => schema.defaults(object),
        // Its schema's value validation, then its x-kubernetes-validations rules: once per write,
        // with the stored object on update (ratcheting, transition rules).
        validation:
          schema === undefined
            ? {}
            : {
                validateCreate: (object) => schema.errors(object),
                validateUpdate: (next, old, objectErrors) => [...objectErrors, ...schema.errors(next, old)],
              },
        names: 'dns1123Subdomain',
        generation: { setOnCreate: true, bump: 'allButMetadata' },
        initialStatus: 'none',
        // The status strategy of a custom resource keeps the stored metadata.
        statusKeeps: [],
        createOnUpdate: false,
        fieldLabels: selectableFieldLabels(objectsAt(version, 'selectableFields'), stringOf(spec.scope) !== 'Cluster'),
        table: customResourceColumns(objectsAt(version, 'additionalPrinterColumns')),
        garbageCollection: 'DeleteDependents',
        // Every read is pruned and defaulted by the schemas around the conversion (custom-resource-reads.ts).
        conversion: reads.withReads(name, versionConversionOf(crd, name, conversionContext)),
        review: undefined,
        schema,
        storageHooks: undefined,
      };
      const custom: CustomResourceFacts = {
        ...crdFacts,
        listKind: stringOf(names.listKind) || `${kind}List`,
        openAPIV3Schema: objectOf(version.schema).openAPIV3Schema,
        preserveUnknownFields: spec.preserveUnknownFields === true,
        selectableFields: objectsAt(version, 'selectableFields').map((field) => stringOf(field.jsonPath)),
        ...(version.deprecated === true ? { deprecationWarning: deprecationWarningOf(crd, name) } : {}),
      };
      return {
        group,
        version: name,
        resource: plural,
        singularName: stringOf(names.singular) || kind.toLowerCase(),
        kind,
        namespaced: stringOf(spec.scope) !== 'Cluster',
        verbs: customResourceVerbs,
        shortNames: stringsOf(names.shortNames),
        categories: stringsOf(names.categories),
        subresources: declared,
        storagePrefix: customResourcePrefixOf(crd),
        behaviour,
        custom,
      };
    });
}

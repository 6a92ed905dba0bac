import test from 'ava';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { openApiV3Document } from '../src/openapi/openapi-v3-document.ts';

type Json = Record<string, unknown>;

const groupVersions = [...new Set(builtinResources.map((d) => `${d.group}/${d.version}`))];
const documentOf = (groupVersion: string): { components: { schemas: Record<string, Json> }; paths: Json } =>
  openApiV3Document(
    builtinResources.filter((d) => `${d.group}/${d.version}` === groupVersion),
    'v1.35.0',
  ) as never;

function references(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => references(item, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.add(inner.replace('#/components/schemas/', ''));
      else references(inner, found);
    }
  }
  return found;
}

test('every reference in every group-version document names a schema of that document', (t) => {
  for (const groupVersion of groupVersions) {
    const document = documentOf(groupVersion);
    const dangling = [...references(document)].filter((name) => !(name in document.components.schemas));
    t.deepEqual(dangling, [], groupVersion);
  }
});

test('declared types are served exactly: ObjectMeta with its fields; every served kind has a schema with its group-version-kind', (t) => {
  const core = documentOf('/v1');
  const objectMeta = core.components.schemas['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta'] as { properties: Json };
  t.truthy(objectMeta.properties.ownerReferences);
  t.like(objectMeta.properties.finalizers, { type: 'array', 'x-kubernetes-list-type': 'set' });
  for (const groupVersion of groupVersions) {
    const schemas = documentOf(groupVersion).components.schemas;
    for (const definition of builtinResources.filter((d) => `${d.group}/${d.version}` === groupVersion)) {
      const kinds = Object.values(schemas).flatMap((schema) => (schema['x-kubernetes-group-version-kind'] ?? []) as { group: string; version: string; kind: string }[]);
      t.true(
        kinds.some((gvk) => gvk.group === definition.group && gvk.version === definition.version && gvk.kind === definition.kind),
        `${groupVersion} ${definition.kind}`,
      );
    }
  }
});

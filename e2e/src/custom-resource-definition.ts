// Test support: the manifest of a CustomResourceDefinition of one served and stored version, its
// names made from the plural and the kind as kube's docs make them.

export interface CrdOptions<Schema> {
  readonly group: string;
  readonly plural: string;
  readonly kind: string;
  readonly scope: 'Namespaced' | 'Cluster';
  readonly version?: string;
  readonly schema: Schema;
  readonly shortNames?: string[];
  readonly categories?: string[];
  /** The version's subresources, e.g. { status: {} }. */
  readonly subresources?: { status?: object };
}

export function customResourceDefinition<Schema>(options: CrdOptions<Schema>) {
  const { group, plural, kind, scope, shortNames, categories, subresources } = options;
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope,
      names: {
        plural,
        singular: kind.toLowerCase(),
        kind,
        listKind: `${kind}List`,
        ...(shortNames === undefined ? {} : { shortNames }),
        ...(categories === undefined ? {} : { categories }),
      },
      versions: [
        { name: options.version ?? 'v1', served: true, storage: true, ...(subresources === undefined ? {} : { subresources }), schema: { openAPIV3Schema: options.schema } },
      ],
    },
  };
}

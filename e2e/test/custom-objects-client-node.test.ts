// Custom resources as a Node.js operator drives them with @kubernetes/client-node 2.x: the CRD
// through ApiextensionsV1Api (typed, its schema's x-kubernetes-* fields under the client's own
// names), its objects through CustomObjectsApi (namespaced and cluster-scoped, main resource and
// status subresource), and an informer on the custom resource.

import test from 'ava';
import {
  ApiextensionsV1Api,
  CustomObjectsApi,
  KubeConfig,
  type KubernetesListObject,
  type KubernetesObject,
  makeInformer,
  PatchStrategy,
  setHeaderOptions,
  type V1CustomResourceDefinition,
  Watch,
} from '@kubernetes/client-node';
import { readFileSync } from 'node:fs';
import { startApiServer } from '../src/api-server-process.ts';
import { customResourceDefinition } from '../src/custom-resource-definition.ts';

interface Widget extends KubernetesObject {
  spec: { image: string; replicas: number };
  status?: { phase?: string; observedGeneration?: number };
}

function clients(kubeconfig: string) {
  const config = new KubeConfig();
  config.loadFromString(readFileSync(kubeconfig, 'utf8'));
  return { config, crds: config.makeApiClient(ApiextensionsV1Api), custom: config.makeApiClient(CustomObjectsApi) };
}

/** The error a client-node call rejects with: the HTTP code and the Status body as text. */
type ApiError = Error & { code?: number; body: string };

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

/**
 * Creates the CRD and resolves with it once its Established condition is True, seen by a watch of
 * that CRD from the resourceVersion of the create (so the status write cannot come before it).
 */
async function createEstablished(config: KubeConfig, body: V1CustomResourceDefinition): Promise<V1CustomResourceDefinition> {
  const created = await config.makeApiClient(ApiextensionsV1Api).createCustomResourceDefinition({ body });
  const name = created.metadata?.name as string;
  let stop: AbortController | undefined;
  try {
    return await new Promise<V1CustomResourceDefinition>((resolve, reject) => {
      const established = (crd: V1CustomResourceDefinition): boolean => crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True') === true;
      void new Watch(config)
        .watch(
          '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
          { fieldSelector: `metadata.name=${name}`, resourceVersion: created.metadata?.resourceVersion },
          (type, crd: V1CustomResourceDefinition) => {
            if (type === 'MODIFIED' && established(crd)) resolve(crd);
          },
          (error: unknown) => reject(new Error(`the watch of CRD ${name} ended before it was Established: ${String(error)}`)),
        )
        .then((controller) => (stop = controller), reject);
    });
  } finally {
    stop?.abort();
  }
}

const group = 'clientnode.example.com';
const version = 'v1';
const widgetSchema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['image'],
      x_kubernetes_validations: [{ rule: 'self.replicas <= 10', message: 'at most 10 replicas' }],
      properties: { image: { type: 'string' }, replicas: { type: 'integer', minimum: 0, _default: 1 } },
    },
    status: { type: 'object', properties: { phase: { type: 'string' }, observedGeneration: { type: 'integer' } } },
  },
};

const crdOf = (plural: string, kind: string, scope: 'Namespaced' | 'Cluster'): V1CustomResourceDefinition =>
  customResourceDefinition({ group, plural, kind, scope, version, schema: widgetSchema, subresources: { status: {} } });

const widget = (name: string, replicas?: number, labels?: Record<string, string>) => ({
  apiVersion: `${group}/${version}`,
  kind: 'Widget',
  metadata: { name, ...(labels === undefined ? {} : { labels }) },
  spec: { image: 'nginx:1', ...(replicas === undefined ? {} : { replicas }) },
});

test('client-node creates a CRD, waits for Established, and drives namespaced custom objects through CustomObjectsApi while an informer follows them', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const { config, crds, custom } = clients(server.kubeconfig);

  const established = await createEstablished(config, crdOf('widgets', 'Widget', 'Namespaced'));
  t.deepEqual(established.status?.acceptedNames, { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' });
  t.deepEqual(established.status?.storedVersions, ['v1']);
  // The typed client reads the schema's x-kubernetes-validations back under its own name (as V1ValidationRules).
  const read = await crds.readCustomResourceDefinition({ name: `widgets.${group}` });
  const rules = read.spec.versions[0]?.schema?.openAPIV3Schema?.properties?.spec?.x_kubernetes_validations ?? [];
  t.deepEqual(
    rules.map((rule) => ({ ...rule })),
    [{ rule: 'self.replicas <= 10', message: 'at most 10 replicas' }],
  );

  const widgets = { group, version, plural: 'widgets' };
  const inDefault = { ...widgets, namespace: 'default' };
  const seen: string[] = [];
  const informer = makeInformer<Widget>(
    config,
    `/apis/${group}/${version}/namespaces/default/widgets`,
    () => custom.listNamespacedCustomObject(inDefault) as Promise<KubernetesListObject<Widget>>,
  );
  informer.on('add', (w) => seen.push(`add ${w.metadata?.name}`));
  informer.on('update', (w) => seen.push(`update ${w.metadata?.name} replicas=${w.spec.replicas} image=${w.spec.image} phase=${w.status?.phase}`));
  const deleted = new Promise<Widget>((resolve) =>
    informer.on('delete', (w) => {
      seen.push(`delete ${w.metadata?.name}`);
      resolve(w);
    }),
  );
  // start() resolves once the list is in and the watch has its answer: every write below is an event.
  await informer.start();
  t.teardown(() => informer.stop());

  // create: defaulted by the schema; a CEL rule's refusal comes back as the 422 kube sends.
  const created = (await custom.createNamespacedCustomObject({ ...inDefault, body: widget('w1') })) as Widget;
  t.is(created.apiVersion, `${group}/${version}`);
  t.is(created.kind, 'Widget');
  t.is(created.metadata?.namespace, 'default');
  t.is(created.metadata?.generation, 1);
  t.truthy(created.metadata?.uid);
  t.deepEqual(created.spec, { image: 'nginx:1', replicas: 1 });
  const refused = (await t.throwsAsync(custom.createNamespacedCustomObject({ ...inDefault, body: widget('w9', 20) }))) as ApiError;
  t.is(refused.code, 422);
  t.is(JSON.parse(refused.body).message, 'Widget.clientnode.example.com "w9" is invalid: spec: Invalid value: at most 10 replicas');
  await custom.createNamespacedCustomObject({ ...inDefault, body: widget('w2', 2, { tier: 'back' }) });

  // get and list.
  t.deepEqual(await custom.getNamespacedCustomObject({ ...inDefault, name: 'w1' }), created);
  const list = (await custom.listNamespacedCustomObject(inDefault)) as KubernetesListObject<Widget>;
  t.is(list.apiVersion, `${group}/${version}`);
  t.is(list.kind, 'WidgetList');
  t.truthy(list.metadata?.resourceVersion);
  t.deepEqual(
    list.items.map((w) => w.metadata?.name),
    ['w1', 'w2'],
  );
  const selected = (await custom.listNamespacedCustomObject({ ...inDefault, labelSelector: 'tier=back' })) as KubernetesListObject<Widget>;
  t.deepEqual(
    selected.items.map((w) => w.metadata?.name),
    ['w2'],
  );
  const everywhere = (await custom.listCustomObjectForAllNamespaces({
    group,
    version,
    resourcePlural: 'widgets',
    fieldSelector: 'metadata.name=w1',
  })) as KubernetesListObject<Widget>;
  t.deepEqual(
    everywhere.items.map((w) => `${w.metadata?.namespace}/${w.metadata?.name}`),
    ['default/w1'],
  );

  // patch: a merge patch when asked for one; the generated client's own default is a JSON patch.
  const merged = (await custom.patchNamespacedCustomObject({ ...inDefault, name: 'w1', body: { spec: { replicas: 3 } } }, mergePatch)) as Widget;
  t.is(merged.spec.replicas, 3);
  t.is(merged.metadata?.generation, 2);
  const jsonPatched = (await custom.patchNamespacedCustomObject({ ...inDefault, name: 'w1', body: [{ op: 'replace', path: '/spec/image', value: 'nginx:2' }] })) as Widget;
  t.deepEqual(jsonPatched.spec, { image: 'nginx:2', replicas: 3 });
  t.is(jsonPatched.metadata?.generation, 3);

  // replace: with a stale resourceVersion a 409, with the current one a new generation.
  const stale = (await t.throwsAsync(
    custom.replaceNamespacedCustomObject({ ...inDefault, name: 'w1', body: { ...created, spec: { image: 'nginx:3', replicas: 4 } } }),
  )) as ApiError;
  t.is(stale.code, 409);
  t.is(JSON.parse(stale.body).reason, 'Conflict');
  const replaced = (await custom.replaceNamespacedCustomObject({
    ...inDefault,
    name: 'w1',
    body: { ...jsonPatched, spec: { image: 'nginx:3', replicas: 4 }, status: { phase: 'Ignored' } },
  })) as Widget;
  t.deepEqual(replaced.spec, { image: 'nginx:3', replicas: 4 });
  t.is(replaced.metadata?.generation, 4);
  t.is(replaced.status, undefined, 'the main resource does not write status');

  // status subresource: writes status only, and leaves the generation alone.
  const statusPatched = (await custom.patchNamespacedCustomObjectStatus(
    { ...inDefault, name: 'w1', body: { spec: { replicas: 9 }, status: { phase: 'Running', observedGeneration: 4 } } },
    mergePatch,
  )) as Widget;
  t.deepEqual(statusPatched.status, { phase: 'Running', observedGeneration: 4 });
  t.is(statusPatched.spec.replicas, 4);
  t.is(statusPatched.metadata?.generation, 4);
  const statusRead = (await custom.getNamespacedCustomObjectStatus({ ...inDefault, name: 'w1' })) as Widget;
  t.deepEqual(statusRead.status, { phase: 'Running', observedGeneration: 4 });
  const statusReplaced = (await custom.replaceNamespacedCustomObjectStatus({
    ...inDefault,
    name: 'w1',
    body: { ...statusRead, status: { phase: 'Done', observedGeneration: 4 } },
  })) as Widget;
  t.is(statusReplaced.status?.phase, 'Done');
  t.is(statusReplaced.metadata?.generation, 4);

  // delete: answered as kube answers a custom resource's delete, a Status naming the resource.
  const status = (await custom.deleteNamespacedCustomObject({ ...inDefault, name: 'w1' })) as Record<string, unknown>;
  t.like(status, { kind: 'Status', status: 'Success', details: { name: 'w1', group, kind: 'widgets', uid: created.metadata?.uid } });
  const gone = (await t.throwsAsync(custom.getNamespacedCustomObject({ ...inDefault, name: 'w1' }))) as ApiError;
  t.is(gone.code, 404);
  t.is(JSON.parse(gone.body).message, 'widgets.clientnode.example.com "w1" not found');

  // The informer saw every accepted write, in order, and nothing that was refused.
  t.is((await deleted).metadata?.name, 'w1');
  t.deepEqual(seen, [
    'add w1',
    'add w2',
    'update w1 replicas=3 image=nginx:1 phase=undefined',
    'update w1 replicas=3 image=nginx:2 phase=undefined',
    'update w1 replicas=4 image=nginx:3 phase=undefined',
    'update w1 replicas=4 image=nginx:3 phase=Running',
    'update w1 replicas=4 image=nginx:3 phase=Done',
    'delete w1',
  ]);
  t.deepEqual(
    informer.list('default').map((w) => w.metadata?.name),
    ['w2'],
  );
});

test('client-node drives a cluster-scoped custom resource through CustomObjectsApi', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const { config, custom } = clients(server.kubeconfig);
  await createEstablished(config, crdOf('gadgets', 'Gadget', 'Cluster'));
  const gadgets = { group, version, plural: 'gadgets' };
  const gadget = (name: string) => ({ ...widget(name), kind: 'Gadget' });

  // A namespace in the body of a cluster-scoped object is dropped, as kube drops it.
  const created = (await custom.createClusterCustomObject({ ...gadgets, body: { ...gadget('g1'), metadata: { name: 'g1', namespace: 'default' } } })) as Widget;
  t.is(created.metadata?.namespace, undefined);
  t.deepEqual(created.spec, { image: 'nginx:1', replicas: 1 });
  await custom.createClusterCustomObject({ ...gadgets, body: gadget('g2') });
  t.deepEqual(await custom.getClusterCustomObject({ ...gadgets, name: 'g1' }), created);
  const list = (await custom.listClusterCustomObject(gadgets)) as KubernetesListObject<Widget>;
  t.is(list.kind, 'GadgetList');
  t.deepEqual(
    list.items.map((g) => g.metadata?.name),
    ['g1', 'g2'],
  );
  // The resource has no namespaced path.
  const namespaced = (await t.throwsAsync(custom.getNamespacedCustomObject({ ...gadgets, namespace: 'default', name: 'g1' }))) as ApiError;
  t.is(namespaced.code, 404);

  const merged = (await custom.patchClusterCustomObject({ ...gadgets, name: 'g1', body: { spec: { replicas: 5 } } }, mergePatch)) as Widget;
  t.is(merged.spec.replicas, 5);
  t.is(merged.metadata?.generation, 2);
  const replaced = (await custom.replaceClusterCustomObject({ ...gadgets, name: 'g1', body: { ...merged, spec: { image: 'nginx:4', replicas: 6 } } })) as Widget;
  t.deepEqual(replaced.spec, { image: 'nginx:4', replicas: 6 });
  t.is(replaced.metadata?.generation, 3);
  const withStatus = (await custom.patchClusterCustomObjectStatus({ ...gadgets, name: 'g1', body: { status: { phase: 'Ready', observedGeneration: 3 } } }, mergePatch)) as Widget;
  t.deepEqual(withStatus.status, { phase: 'Ready', observedGeneration: 3 });
  t.is(withStatus.metadata?.generation, 3);
  t.deepEqual(((await custom.getClusterCustomObjectStatus({ ...gadgets, name: 'g1' })) as Widget).status, { phase: 'Ready', observedGeneration: 3 });

  const status = (await custom.deleteClusterCustomObject({ ...gadgets, name: 'g1' })) as Record<string, unknown>;
  t.like(status, { kind: 'Status', status: 'Success', details: { name: 'g1', group, kind: 'gadgets' } });
  t.is(((await t.throwsAsync(custom.getClusterCustomObject({ ...gadgets, name: 'g1' }))) as ApiError).code, 404);
  t.deepEqual(
    ((await custom.listClusterCustomObject(gadgets)) as KubernetesListObject<Widget>).items.map((g) => g.metadata?.name),
    ['g2'],
  );
});

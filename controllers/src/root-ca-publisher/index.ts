// kube-controller-manager's root-ca-certificate-publisher-controller: every namespace has the
// ConfigMap kube-root-ca.crt whose ca.crt is the CA that verifies the API server (--root-ca-file,
// else the CA of the kubeconfig's cluster), which the ServiceAccount admission's projected volume
// mounts into pods. A changed or deleted copy is put back.

import { StatusError } from '@capstan/common';
import type { KubeObject } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';
import { isNamespaceTerminating } from '../workload/namespace-terminating.ts';

export const rootCaConfigMapName = 'kube-root-ca.crt';
const descriptionAnnotation = 'kubernetes.io/description';
const description =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. ' +
  'No other usage is guaranteed across distributions of Kubernetes clusters.';

/** kube retries a namespace at most this long after a failure. */
const maxRetryDelayMs = 60_000;

const namespaces = { group: '', version: 'v1', resource: 'namespaces' };
const configMaps = { group: '', version: 'v1', resource: 'configmaps' };

type Namespace = KubeObject & { status?: { phase?: string } };
type ConfigMap = KubeObject & { data?: Record<string, string> };

export const rootCaPublisherController: ControllerDefinition = {
  name: 'root-ca-certificate-publisher-controller',
  aliases: ['root-ca-cert-publisher'],
  clientName: 'root-ca-cert-publisher',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const rootCa = context.options.rootCaCertificate;
    // kube publishes what it has: with no CA, an empty ca.crt (pods still find the ConfigMap they mount).
    if (rootCa === '') logger.info('no --root-ca-file and no CA in the kubeconfig: kube-root-ca.crt is published with an empty ca.crt');
    const namespaceInformer = context.informers.informer<Namespace>(namespaces);
    const configMapInformer = context.informers.informer<ConfigMap>(configMaps);
    const queue = new WorkQueue({ name: 'root_ca_cert_publisher', maxDelayMs: maxRetryDelayMs });
    const enqueue = (name: string | undefined): void => {
      if (name !== undefined) queue.add(name);
    };
    const ours = (configMap: ConfigMap): boolean => configMap.metadata?.name === rootCaConfigMapName;
    namespaceInformer.addEventHandler({
      onAdd: (namespace) => enqueue(namespace.metadata?.name),
      onUpdate: (_old, namespace) => {
        if (namespace.status?.phase === 'Active') enqueue(namespace.metadata?.name);
      },
    });
    configMapInformer.addEventHandler({
      onUpdate: (_old, configMap) => {
        if (ours(configMap)) enqueue(configMap.metadata?.namespace);
      },
      onDelete: (configMap) => {
        if (ours(configMap)) enqueue(configMap.metadata?.namespace);
      },
    });
    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;

    const data = { 'ca.crt': rootCa };
    const sync = async (namespace: string): Promise<void> => {
      const existing = configMapInformer.store.get(namespace, rootCaConfigMapName);
      const target = { ...configMaps, namespace };
      if (existing === undefined) {
        try {
          await client.create(target, {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name: rootCaConfigMapName, annotations: { [descriptionAnnotation]: description } },
            data,
          });
        } catch (error) {
          // The namespace went, or is going: nothing to publish into.
          if (error instanceof StatusError && (error.code === 404 || error.code === 409 || isNamespaceTerminating(error))) return;
          throw error;
        }
        return;
      }
      const annotations = existing.metadata?.annotations ?? {};
      const current = existing.data ?? {};
      if (Object.keys(current).length === 1 && current['ca.crt'] === rootCa && (annotations[descriptionAnnotation] ?? '') !== '') return;
      await client.update(
        { ...target, name: rootCaConfigMapName },
        { ...existing, metadata: { ...existing.metadata, annotations: { ...annotations, [descriptionAnnotation]: description } }, data },
      );
    };
    try {
      // kube-controller-manager runs this controller with one worker; a failed namespace comes back after a backoff.
      await queue.run(1, sync, (name, error) => {
        if (!signal.aborted) logger.warn({ err: error, namespace: name }, 'publishing kube-root-ca.crt failed; retrying');
      });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};

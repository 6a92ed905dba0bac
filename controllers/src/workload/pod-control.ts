// kube's RealPodControl: pods made from a workload's template (GetPodFromTemplate) and deleted on
// its behalf, each with the event kube records on the workload (SuccessfulCreate "Created pod:
// web-x7k2p", FailedCreate "Error creating: ...", SuccessfulDelete, FailedDelete).

import type { Pod, PodTemplateSpec } from '@capstan/common/api-types/core-v1';
import type { OwnerReference } from '@capstan/common/api-types/meta-v1';
import { isNotFound, type KubeObject, type RestClient } from '@capstan/common/client';
import { type EventRecorder, involvedObjectOf } from '../event-recorder.ts';
import type { ControllerKind } from './controller-ref.ts';
import { isNamespaceTerminating } from './namespace-terminating.ts';

export const podsResource = { group: '', version: 'v1', resource: 'pods' } as const;

/** The longest generateName prefix a pod name leaves room for (a DNS subdomain is at most 253). */
const maxPodNamePrefix = 253;

/** getPodsPrefix: "<owner>-", or the bare name when the dash would make it too long. */
export function podNamePrefix(ownerName: string): string {
  return ownerName.length + 1 > maxPodNamePrefix ? ownerName : `${ownerName}-`;
}

/** GetPodFromTemplate: the template's labels, annotations, finalizers and spec, owned by the workload. */
export function podFromTemplate(template: PodTemplateSpec | undefined, ownerName: string, controllerRef: OwnerReference | undefined): Pod {
  const metadata = template?.metadata ?? {};
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      labels: { ...metadata.labels },
      annotations: { ...metadata.annotations },
      generateName: podNamePrefix(ownerName),
      finalizers: [...(metadata.finalizers ?? [])],
      ...(controllerRef === undefined ? {} : { ownerReferences: [controllerRef] }),
    },
    spec: structuredClone(template?.spec ?? { containers: [] }),
  };
}

export class PodControl {
  readonly #client: RestClient;
  readonly #events: EventRecorder;
  readonly #kind: ControllerKind;

  /** `events` records as the controller's component; `kind` is the workloads' kind (for the events' involvedObject). */
  constructor(client: RestClient, events: EventRecorder, kind: ControllerKind) {
    this.#client = client;
    this.#events = events;
    this.#kind = kind;
  }

  /** Creates a pod of the template in the owner's namespace (named by generateName unless `pod` says otherwise). */
  async createPod(owner: KubeObject, pod: Pod): Promise<Pod> {
    const namespace = owner.metadata?.namespace ?? '';
    const involved = involvedObjectOf(owner, this.#kind.kind, this.#kind.apiVersion);
    if (Object.keys(pod.metadata?.labels ?? {}).length === 0) throw new Error('unable to create pods, no labels');
    try {
      const created = await this.#client.create<Pod>({ ...podsResource, namespace }, pod);
      void this.#events.record(involved, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata?.name ?? ''}`);
      return created;
    } catch (error) {
      if (!isNamespaceTerminating(error)) void this.#events.record(involved, 'Warning', 'FailedCreate', `Error creating: ${(error as Error).message}`);
      throw error;
    }
  }

  /** createPod of podFromTemplate(template, owner, controllerRef). */
  createPodFromTemplate(owner: KubeObject, template: PodTemplateSpec | undefined, controllerRef: OwnerReference): Promise<Pod> {
    return this.createPod(owner, podFromTemplate(template, owner.metadata?.name ?? '', controllerRef));
  }

  /** Deletes the pod; NotFound is thrown as is (the caller's expectations must be lowered) and records no event. */
  async deletePod(owner: KubeObject, namespace: string, name: string): Promise<void> {
    const involved = involvedObjectOf(owner, this.#kind.kind, this.#kind.apiVersion);
    try {
      await this.#client.delete({ ...podsResource, namespace, name });
    } catch (error) {
      if (isNotFound(error)) throw error;
      void this.#events.record(involved, 'Warning', 'FailedDelete', `Error deleting: ${(error as Error).message}`);
      throw new Error(`unable to delete pods: ${(error as Error).message}`, { cause: error });
    }
    void this.#events.record(involved, 'Normal', 'SuccessfulDelete', `Deleted pod: ${name}`);
  }
}

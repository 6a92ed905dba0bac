// The mirror pods of static pods (the kubelet's mirror client): a copy of the static pod in the
// API with the config.mirror annotation holding its hash and the Node as its owner; one whose hash
// no longer matches or that is being deleted is deleted (grace period 0, uid precondition) and
// made again; a mirror pod without a static pod is deleted.

import { isAlreadyExists, isConflict, isNotFound, type RestClient } from '@capstan/common/client';
import { configHashAnnotation, configMirrorAnnotation, podsTarget, type Pod } from './pod-types.ts';

const pods = (namespace: string, name?: string) => podsTarget(namespace, name);

export class MirrorClient {
  readonly #client: RestClient;
  readonly #nodeName: string;

  constructor(client: RestClient, nodeName: string) {
    this.#client = client;
    this.#nodeName = nodeName;
  }

  async create(staticPod: Pod): Promise<void> {
    const node = await this.#client.get({ group: '', version: 'v1', resource: 'nodes', name: this.#nodeName });
    const nodeUid = node.metadata?.uid;
    if (nodeUid === undefined || nodeUid === '') throw new Error(`failed to get node info: UID unset for node ${this.#nodeName}`);
    const { uid: _uid, resourceVersion: _rv, creationTimestamp: _ct, ...metadata } = staticPod.metadata;
    const hash = staticPod.metadata.annotations?.[configHashAnnotation] ?? '';
    const body = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        ...metadata,
        annotations: { ...staticPod.metadata.annotations, [configMirrorAnnotation]: hash },
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: this.#nodeName, uid: nodeUid, controller: true }],
      },
      spec: staticPod.spec,
    };
    try {
      await this.#client.create(pods(staticPod.metadata.namespace), body);
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
  }

  async delete(mirror: Pod): Promise<void> {
    try {
      await this.#client.delete(pods(mirror.metadata.namespace, mirror.metadata.name), { gracePeriodSeconds: 0, preconditions: { uid: mirror.metadata.uid } });
    } catch (error) {
      if (!isNotFound(error) && !isConflict(error)) throw error;
    }
  }

  /** The kubelet's sync of a static pod's mirror: made when missing, replaced when stale or being deleted. */
  async sync(staticPod: Pod, mirror: Pod | undefined): Promise<void> {
    if (mirror !== undefined) {
      const stale = mirror.metadata.annotations?.[configMirrorAnnotation] !== staticPod.metadata.annotations?.[configHashAnnotation];
      if (!stale && mirror.metadata.deletionTimestamp === undefined) return;
      await this.delete(mirror);
    }
    await this.create(staticPod);
  }
}

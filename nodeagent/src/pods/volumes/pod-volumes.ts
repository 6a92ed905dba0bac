// The volume manager's part for the volumes whose files the agent writes: a pod's configMap, secret,
// projected (configMap, secret, downwardAPI, serviceAccountToken) and downwardAPI volumes are set up
// before its containers start and set up again at every sync of the pod (the kubelet remounts them,
// so a changed ConfigMap or Secret shows within the sync period), each through the atomic writer.
// A volume that fails is a FailedMount event ("MountVolume.SetUp failed for volume "x" : ..."); one
// that was never set up keeps the pod's containers from starting, one that was keeps its old files.
// Claim volumes (claim-volumes.ts) wait for their claim to be Bound, reported as the kubelet's
// WaitForAttachAndMount timeout every 2 min 3 s.

import { chmod, mkdir } from 'node:fs/promises';
import { goQuote, errorMessage } from '@capstan/common';
import type { RecordPodEvent } from '../pod-events.ts';
import { ObjectNotFoundError, type PodObjects, type ServiceAccountToken, type TokenRequestSpec } from '../pod-objects.ts';
import type { Volume } from '@capstan/common/api-types/core-v1';
import type { Pod } from '../pod-types.ts';
import { nodeAllocatable, type NodeAllocatable } from '../downward-api.ts';
import { writeAtomically, type Payload } from './atomic-writer.ts';
import { atomicWriterVolumeDirectory } from './volume-directories.ts';
import { mountClaimVolume, podVolumeClaimName } from './claim-volumes.ts';
import { aggregateError, configMapPayload, defaultVolumeMode, downwardAPIPayload, secretPayload, type MutablePayload } from './volume-payload.ts';

export interface PodVolumesOptions {
  /** <root-dir>/pods. */
  readonly podsDir: string;
  readonly objects: PodObjects;
  readonly recordEvent: RecordPodEvent;
  readonly memoryCapacityBytes: number;
  readonly log: (message: string, error?: unknown) => void;
}

interface CachedToken extends ServiceAccountToken {
  readonly issuedAt: number;
}

/** The kubelet's token manager renews a token once 80% of its life (or 24 hours) has passed. */
const tokenRefreshFraction = 0.8;
const maxTokenAgeMs = 24 * 60 * 60 * 1000;

/** podAttachAndMountTimeout: how long the kubelet waits for a pod's volumes before it reports them. */
const attachAndMountTimeoutMs = 123_000;

const emptyConfigMap = { data: {}, binaryData: {} };
const emptySecret = { data: {} };

export class PodVolumes {
  readonly #options: PodVolumesOptions;
  readonly #allocatable: NodeAllocatable;
  /** The volumes of each pod that were set up once. */
  readonly #mounted = new Map<string, Set<string>>();
  readonly #tokens = new Map<string, CachedToken>();
  /** Since when each pod has waited for its claims' volumes (reported every attachAndMountTimeoutMs). */
  readonly #waitingSince = new Map<string, number>();
  #tokenRequestMissingLogged = false;

  constructor(options: PodVolumesOptions) {
    this.#options = options;
    this.#allocatable = nodeAllocatable(options.memoryCapacityBytes);
  }

  /** Sets up (or refreshes) the pod's volumes; answers whether every one of them is set up. */
  async mountPod(pod: Pod): Promise<boolean> {
    const uid = pod.metadata.uid;
    let mounted = this.#mounted.get(uid);
    let ready = true;
    const unprocessed: string[] = [];
    let lastClaimError: unknown;
    for (const volume of pod.spec.volumes ?? []) {
      const claimName = podVolumeClaimName(pod, volume);
      if (claimName !== undefined) {
        try {
          await mountClaimVolume(this.#options.podsDir, this.#options.objects, pod, volume, claimName);
          if (mounted === undefined) this.#mounted.set(uid, (mounted = new Set()));
          mounted.add(volume.name);
        } catch (error) {
          lastClaimError = error;
          if (mounted?.has(volume.name) !== true) unprocessed.push(volume.name);
        }
        continue;
      }
      const dir = atomicWriterVolumeDirectory(this.#options.podsDir, uid, volume);
      if (dir === undefined) continue;
      try {
        const payload = await this.#payload(pod, volume);
        // The directory is an emptyDir's underneath: open to all, whatever the umask.
        await mkdir(dir, { recursive: true });
        await chmod(dir, 0o777);
        await writeAtomically(dir, payload);
        if (mounted === undefined) this.#mounted.set(uid, (mounted = new Set()));
        mounted.add(volume.name);
      } catch (error) {
        this.#options.recordEvent(pod, undefined, {
          type: 'Warning',
          reason: 'FailedMount',
          message: `MountVolume.SetUp failed for volume ${goQuote(volume.name)} : ${errorMessage(error)}`,
        });
        if (mounted?.has(volume.name) !== true) ready = false;
      }
    }
    if (unprocessed.length === 0) {
      this.#waitingSince.delete(uid);
      return ready;
    }
    this.#reportWaiting(pod, unprocessed.sort(), lastClaimError);
    return false;
  }

  /** WaitForAttachAndMount's timeout, once per period a pod's claims keep its volumes from being set up. */
  #reportWaiting(pod: Pod, volumes: readonly string[], error: unknown): void {
    const uid = pod.metadata.uid;
    const now = Date.now();
    const since = this.#waitingSince.get(uid);
    if (since === undefined) {
      this.#waitingSince.set(uid, now);
      this.#options.log(`Unable to attach or mount volumes for pod ${pod.metadata.namespace}/${pod.metadata.name}: ${errorMessage(error)}`);
      return;
    }
    if (now - since < attachAndMountTimeoutMs) return;
    this.#waitingSince.set(uid, now);
    const names = `[${volumes.join(' ')}]`;
    this.#options.recordEvent(pod, undefined, {
      type: 'Warning',
      reason: 'FailedMount',
      message: `Unable to attach or mount volumes: unmounted volumes=${names}, unattached volumes=[], failed to process volumes=${names}: context deadline exceeded`,
    });
  }

  /** The pod is gone: its volumes' files go with its directory. */
  forgetPod(uid: string): void {
    this.#mounted.delete(uid);
    this.#waitingSince.delete(uid);
    for (const key of this.#tokens.keys()) if (key.startsWith(`${uid}/`)) this.#tokens.delete(key);
  }

  async #payload(pod: Pod, volume: Volume): Promise<Payload> {
    const namespace = pod.metadata.namespace;
    const { objects } = this.#options;
    if (volume.configMap !== undefined) {
      const { name = '', items, defaultMode = defaultVolumeMode, optional = false } = volume.configMap;
      return configMapPayload(items, await orEmpty(objects.configMap(namespace, name), optional, emptyConfigMap), defaultMode, optional);
    }
    if (volume.secret !== undefined) {
      const { secretName = '', items, defaultMode = defaultVolumeMode, optional = false } = volume.secret;
      return secretPayload(items, await orEmpty(objects.secret(namespace, secretName), optional, emptySecret), defaultMode, optional);
    }
    if (volume.downwardAPI !== undefined) {
      const { payload, errors } = downwardAPIPayload(volume.downwardAPI.items, pod, volume.downwardAPI.defaultMode ?? defaultVolumeMode, this.#allocatable);
      const error = aggregateError(errors);
      if (error !== undefined) throw error;
      return payload;
    }
    return this.#projectedPayload(pod, volume);
  }

  /** projected collectData: every source's files in one payload; the errors of all sources together. */
  async #projectedPayload(pod: Pod, volume: Volume): Promise<Payload> {
    const namespace = pod.metadata.namespace;
    const { objects } = this.#options;
    const defaultMode = volume.projected?.defaultMode ?? defaultVolumeMode;
    const payload: MutablePayload = new Map();
    const errors: Error[] = [];
    const add = (files: MutablePayload): void => {
      for (const [path, file] of files) payload.set(path, file);
    };
    for (const source of volume.projected?.sources ?? []) {
      try {
        if (source.configMap !== undefined) {
          const { name = '', items, optional = false } = source.configMap;
          add(configMapPayload(items, await orEmpty(objects.configMap(namespace, name), optional, emptyConfigMap), defaultMode, optional));
        } else if (source.secret !== undefined) {
          const { name = '', items, optional = false } = source.secret;
          add(secretPayload(items, await orEmpty(objects.secret(namespace, name), optional, emptySecret), defaultMode, optional));
        } else if (source.downwardAPI !== undefined) {
          const collected = downwardAPIPayload(source.downwardAPI.items, pod, defaultMode, this.#allocatable);
          add(collected.payload);
          errors.push(...collected.errors);
        } else if (source.serviceAccountToken !== undefined) {
          const token = await this.#token(pod, source.serviceAccountToken);
          if (token !== undefined) payload.set(source.serviceAccountToken.path, { data: Buffer.from(token, 'utf8'), mode: defaultMode });
        }
      } catch (error) {
        errors.push(error as Error);
      }
    }
    const error = aggregateError(errors);
    if (error !== undefined) throw error;
    return payload;
  }

  /** A token bound to the pod from TokenRequest, renewed as the kubelet's token manager renews it; undefined without TokenRequest. */
  async #token(pod: Pod, source: { readonly audience?: string; readonly expirationSeconds?: number }): Promise<string | undefined> {
    const serviceAccount = pod.spec.serviceAccountName || 'default';
    const spec: TokenRequestSpec = {
      audiences: source.audience === undefined || source.audience === '' ? [] : [source.audience],
      expirationSeconds: source.expirationSeconds ?? 3600,
      boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: pod.metadata.name, uid: pod.metadata.uid },
    };
    const key = `${pod.metadata.uid}/${serviceAccount}/${spec.audiences.join(',')}/${spec.expirationSeconds}`;
    const now = Date.now();
    const cached = this.#tokens.get(key);
    if (cached !== undefined && now < cached.issuedAt + Math.min((cached.expiresAt - cached.issuedAt) * tokenRefreshFraction, maxTokenAgeMs)) return cached.token;
    const fresh = await this.#options.objects.serviceAccountToken(pod.metadata.namespace, serviceAccount, spec);
    if (fresh === undefined) {
      if (!this.#tokenRequestMissingLogged) this.#options.log('The API server does not serve TokenRequest (serviceaccounts/token): projected service account tokens are left out');
      this.#tokenRequestMissingLogged = true;
      return undefined;
    }
    this.#tokens.set(key, { ...fresh, issuedAt: now });
    return fresh.token;
  }
}

/** The object, or an empty one when an optional reference finds none. */
async function orEmpty<T>(fetch: Promise<T>, optional: boolean, empty: T): Promise<T> {
  try {
    return await fetch;
  } catch (error) {
    if (optional && error instanceof ObjectNotFoundError) return empty;
    throw error;
  }
}

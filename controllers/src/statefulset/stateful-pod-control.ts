// kube's StatefulPodControl: creates a pod's claims before the pod, creates, updates and deletes
// the pods of a StatefulSet, keeps claims' owner references as the retention policy says, and
// records kube's events on the set ("Create Pod web-0 in StatefulSet web successful", "Create Claim
// www-web-0 Pod web-0 in StatefulSet web success", FailedCreate "... failed error: ...").

import type { StatefulSet } from '@capstan/common/api-types/apps-v1';
import type { PersistentVolumeClaim, Pod } from '@capstan/common/api-types/core-v1';
import { isAlreadyExists, isConflict, type ReadonlyObjectStore, type RestClient } from '@capstan/common/client';
import { type EventRecorder, involvedObjectOf } from '../event-recorder.ts';
import { podsResource } from '../workload/pod-control.ts';
import { claimOwnerReferences, hasStalePodRef, hasUnexpectedController, isClaimOwnerUpToDate, retentionPolicy } from './claim-retention.ts';
import { claimName, conformedPod, identityMatches, ordinalOf, podClaims, setName, storageMatches } from './stateful-pod-identity.ts';

export const claimsResource = { group: '', version: 'v1', resource: 'persistentvolumeclaims' } as const;

/** retry.DefaultBackoff's attempts for a pod update that conflicts. */
const updateAttempts = 4;

type Verb = 'create' | 'update' | 'delete';

const title = (verb: Verb): string => verb[0]?.toUpperCase() + verb.slice(1);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class StatefulPodControl {
  readonly #client: RestClient;
  readonly #events: EventRecorder;
  readonly #pods: ReadonlyObjectStore<Pod>;
  readonly #claims: ReadonlyObjectStore<PersistentVolumeClaim>;

  constructor(client: RestClient, events: EventRecorder, pods: ReadonlyObjectStore<Pod>, claims: ReadonlyObjectStore<PersistentVolumeClaim>) {
    this.#client = client;
    this.#events = events;
    this.#pods = pods;
    this.#claims = claims;
  }

  #recordPodEvent(verb: Verb, set: StatefulSet, pod: Pod, error?: unknown): void {
    const involved = involvedObjectOf(set, 'StatefulSet', 'apps/v1');
    const name = pod.metadata?.name ?? '';
    if (error === undefined) void this.#events.record(involved, 'Normal', `Successful${title(verb)}`, `${title(verb)} Pod ${name} in StatefulSet ${setName(set)} successful`);
    else void this.#events.record(involved, 'Warning', `Failed${title(verb)}`, `${title(verb)} Pod ${name} in StatefulSet ${setName(set)} failed error: ${messageOf(error)}`);
  }

  #recordClaimEvent(set: StatefulSet, pod: Pod, claim: PersistentVolumeClaim, error?: unknown): void {
    const involved = involvedObjectOf(set, 'StatefulSet', 'apps/v1');
    const names = `${claim.metadata?.name ?? ''}`;
    const podName = pod.metadata?.name ?? '';
    if (error === undefined) void this.#events.record(involved, 'Normal', 'SuccessfulCreate', `Create Claim ${names} Pod ${podName} in StatefulSet ${setName(set)} success`);
    else void this.#events.record(involved, 'Warning', 'FailedCreate', `Create Claim ${names} for Pod ${podName} in StatefulSet ${setName(set)} failed error: ${messageOf(error)}`);
  }

  #claim(namespace: string | undefined, name: string): PersistentVolumeClaim | undefined {
    return this.#claims.get(namespace, name);
  }

  /** createPersistentVolumeClaims: every missing claim of the pod; one being deleted is an error. */
  async createClaims(set: StatefulSet, pod: Pod): Promise<void> {
    const errors: string[] = [];
    for (const claim of podClaims(set, ordinalOf(pod)).values()) {
      const existing = this.#claim(claim.metadata?.namespace, claim.metadata?.name ?? '');
      if (existing === undefined) {
        try {
          await this.#client.create({ ...claimsResource, namespace: claim.metadata?.namespace }, claim);
          this.#recordClaimEvent(set, pod, claim);
        } catch (error) {
          errors.push(`failed to create PVC ${claim.metadata?.name}: ${messageOf(error)}`);
          if (!isAlreadyExists(error)) this.#recordClaimEvent(set, pod, claim, error);
        }
      } else if (existing.metadata?.deletionTimestamp) {
        errors.push(`pvc ${claim.metadata?.name} is being deleted`);
      }
    }
    if (errors.length > 0) throw new Error(errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`);
  }

  /** CreateStatefulPod: the claims, then the pod, then the claims' owner references. */
  async createPod(set: StatefulSet, pod: Pod): Promise<void> {
    try {
      await this.createClaims(set, pod);
    } catch (error) {
      this.#recordPodEvent('create', set, pod, error);
      throw error;
    }
    let created: Pod;
    try {
      created = await this.#client.create<Pod>({ ...podsResource, namespace: set.metadata?.namespace }, pod);
    } catch (error) {
      if (!isAlreadyExists(error)) this.#recordPodEvent('create', set, pod, error);
      throw error;
    }
    try {
      await this.updateClaimsForRetentionPolicy(set, created);
    } catch (error) {
      this.#recordPodEvent('update', set, created, error);
      throw error;
    }
    this.#recordPodEvent('create', set, created);
  }

  /** createMissingPersistentVolumeClaims, for a pending pod whose claims went away. */
  async createMissingClaims(set: StatefulSet, pod: Pod): Promise<void> {
    await this.createClaims(set, pod);
    try {
      await this.updateClaimsForRetentionPolicy(set, pod);
    } catch (error) {
      this.#recordPodEvent('update', set, pod, error);
      throw error;
    }
  }

  async deletePod(set: StatefulSet, pod: Pod): Promise<void> {
    try {
      await this.#client.delete({ ...podsResource, namespace: pod.metadata?.namespace, name: pod.metadata?.name });
    } catch (error) {
      this.#recordPodEvent('delete', set, pod, error);
      throw error;
    }
    this.#recordPodEvent('delete', set, pod);
  }

  /** ClaimsMatchRetentionPolicy: every existing claim's references are as the policy wants. */
  claimsMatchRetentionPolicy(set: StatefulSet, pod: Pod): boolean {
    const ordinal = ordinalOf(pod);
    for (const template of set.spec?.volumeClaimTemplates ?? []) {
      const claim = this.#claim(set.metadata?.namespace, claimName(set, template, ordinal));
      if (claim !== undefined && !isClaimOwnerUpToDate(claim, set, pod)) return false;
    }
    return true;
  }

  /** UpdatePodClaimForRetentionPolicy: rewrites the references of each claim that is not as the policy wants. */
  async updateClaimsForRetentionPolicy(set: StatefulSet, pod: Pod): Promise<void> {
    const ordinal = ordinalOf(pod);
    for (const template of set.spec?.volumeClaimTemplates ?? []) {
      const name = claimName(set, template, ordinal);
      const claim = this.#claim(set.metadata?.namespace, name);
      if (claim === undefined) continue;
      if (hasUnexpectedController(claim, set, pod)) {
        const message = `PersistentVolumeClaim ${name} has a conflicting OwnerReference that acts as a manging controller, the retention policy is ignored for this claim`;
        void this.#events.record(involvedObjectOf(set, 'StatefulSet', 'apps/v1'), 'Warning', 'ConflictingController', message);
      }
      if (isClaimOwnerUpToDate(claim, set, pod)) continue;
      const ownerReferences = claimOwnerReferences(claim, set, pod);
      try {
        await this.#client.update({ ...claimsResource, namespace: claim.metadata?.namespace, name }, { ...claim, metadata: { ...claim.metadata, ownerReferences } });
      } catch (error) {
        throw new Error(`could not update claim ${name} for delete policy ownerRefs: ${messageOf(error)}`, { cause: error });
      }
    }
  }

  /** PodClaimIsStale: under whenScaled Delete, a claim still owned by an earlier pod of the name blocks the new pod. */
  podClaimIsStale(set: StatefulSet, pod: Pod): boolean {
    if (retentionPolicy(set).whenScaled === 'Retain') return false;
    for (const claim of podClaims(set, ordinalOf(pod)).values()) {
      const existing = this.#claim(claim.metadata?.namespace, claim.metadata?.name ?? '');
      if (existing !== undefined && hasStalePodRef(existing, pod)) return true;
    }
    return false;
  }

  /** UpdateStatefulPod: identity, storage (creating missing claims) and the claims' references; the pod is written when it changed. */
  async updatePod(set: StatefulSet, pod: Pod): Promise<void> {
    let current = pod;
    let attempted = false;
    let failure: unknown;
    for (let attempt = 0; attempt < updateAttempts; attempt++) {
      failure = undefined;
      try {
        let consistent = identityMatches(set, current) && storageMatches(set, current);
        const wanted = conformedPod(set, current);
        if (!storageMatches(set, current)) await this.createClaims(set, wanted);
        if (!this.claimsMatchRetentionPolicy(set, wanted)) {
          await this.updateClaimsForRetentionPolicy(set, wanted);
          consistent = false;
        }
        if (consistent) return;
        attempted = true;
        await this.#client.update({ ...podsResource, namespace: wanted.metadata?.namespace, name: wanted.metadata?.name }, wanted);
        break;
      } catch (error) {
        failure = error;
        if (!attempted) {
          this.#recordPodEvent('update', set, current, error);
          throw error;
        }
        if (!isConflict(error)) break;
        current = this.#pods.get(current.metadata?.namespace, current.metadata?.name ?? '') ?? current;
      }
    }
    if (attempted) this.#recordPodEvent('update', set, current, failure);
    if (failure !== undefined) throw failure;
  }
}

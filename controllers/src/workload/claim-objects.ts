// kube's ControllerRefManager: a workload claims the objects it manages among those of its
// namespace. It keeps the ones it controls that its selector still matches, adopts orphans the
// selector matches (unless it or they are being deleted), and releases the ones it controls that
// the selector no longer matches. Adoption and release are strategic merge patches carrying the
// object's uid, so that they fail rather than touch an object recreated under the same name.

import type { KubeObject, ResourceTarget, RestClient } from '@capstan/common/client';
import { isInvalid, isNotFound } from '@capstan/common/client';
import { type ControllerKind, controllerRefOf, newControllerRef } from './controller-ref.ts';
import type { LabelsMatcher } from './label-selector-matcher.ts';

export interface ClaimOptions<O extends KubeObject> {
  readonly client: RestClient;
  /** The workload claiming, as its informer has it. */
  readonly owner: KubeObject;
  readonly ownerKind: ControllerKind;
  readonly matches: LabelsMatcher;
  /** The collection the claimed objects live in (pods, replicasets, controllerrevisions), namespaced by the owner's. */
  readonly target: Omit<ResourceTarget, 'namespace' | 'name'>;
  /** Candidates: the objects of the owner's namespace. */
  readonly objects: readonly O[];
  /**
   * Checks, once before the first adoption, that the owner is not being deleted by reading it
   * afresh (kube's RecheckDeletionTimestamp): the informer's copy may be behind.
   */
  readonly canAdopt: () => Promise<void>;
  /** Finalizers added on adoption and removed on release (the Job controller's tracking finalizer). */
  readonly finalizers?: readonly string[];
}

/** Answers the objects the owner controls after adoption and release. */
export async function claimObjects<O extends KubeObject>(options: ClaimOptions<O>): Promise<O[]> {
  const { owner, matches } = options;
  const ownerUid = owner.metadata?.uid;
  const ownerDeleting = owner.metadata?.deletionTimestamp !== undefined && owner.metadata.deletionTimestamp !== null;
  const claimed: O[] = [];
  let adoptable: Promise<void> | undefined;
  const errors: unknown[] = [];
  await Promise.all(
    options.objects.map(async (object) => {
      const reference = controllerRefOf(object);
      const selected = matches(object.metadata?.labels);
      try {
        if (reference !== undefined) {
          if (reference.uid !== ownerUid) return;
          if (selected) {
            claimed.push(object);
            return;
          }
          if (!ownerDeleting) await release(options, object);
          return;
        }
        if (ownerDeleting || !selected || object.metadata?.deletionTimestamp) return;
        adoptable ??= options.canAdopt();
        await adoptable;
        claimed.push(await adopt(options, object));
      } catch (error) {
        if (!isNotFound(error)) errors.push(error);
      }
    }),
  );
  if (errors.length > 0) throw errors[0];
  return claimed;
}

function targetOf<O extends KubeObject>(options: ClaimOptions<O>, object: KubeObject): ResourceTarget {
  return { ...options.target, namespace: object.metadata?.namespace, name: object.metadata?.name };
}

async function adopt<O extends KubeObject>(options: ClaimOptions<O>, object: O): Promise<O> {
  const patch = {
    metadata: {
      ownerReferences: [newControllerRef(options.owner, options.ownerKind)],
      uid: object.metadata?.uid,
      ...(options.finalizers?.length ? { finalizers: options.finalizers } : {}),
    },
  };
  return options.client.patch<O>(targetOf(options, object), patch, { type: 'strategic' });
}

async function release<O extends KubeObject>(options: ClaimOptions<O>, object: O): Promise<void> {
  const patch = {
    metadata: {
      uid: object.metadata?.uid,
      ownerReferences: [{ $patch: 'delete', uid: options.owner.metadata?.uid }],
      ...(options.finalizers?.length ? { '$deleteFromPrimitiveList/finalizers': options.finalizers } : {}),
    },
  };
  try {
    await options.client.patch(targetOf(options, object), patch, { type: 'strategic' });
  } catch (error) {
    // Gone, or its uid changed (a new object under the name): nothing of ours to release.
    if (isNotFound(error) || isInvalid(error)) return;
    throw error;
  }
}

/** A canAdopt that reads the owner afresh and refuses when it is being deleted or was replaced. */
export function recheckDeletionTimestamp(client: RestClient, owner: KubeObject, kind: ControllerKind): () => Promise<void> {
  return async () => {
    const fresh = await client.get({ ...kind.resource, namespace: owner.metadata?.namespace, name: owner.metadata?.name });
    const namespace = owner.metadata?.namespace ?? '';
    if (fresh.metadata?.uid !== owner.metadata?.uid)
      throw new Error(`original ${namespace}/${owner.metadata?.name} is gone: got uid ${fresh.metadata?.uid}, wanted ${owner.metadata?.uid}`);
    if (fresh.metadata?.deletionTimestamp) throw new Error(`${namespace}/${owner.metadata?.name} has just been deleted at ${fresh.metadata.deletionTimestamp}`);
  };
}

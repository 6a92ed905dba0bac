// The conditions a terminating namespace's status carries about its cleanup, with the types,
// reasons and messages kube-controller-manager's namespace deleter writes: each pass gathers what
// failed and what remains, then every condition is set (True with the failure, or False with the
// "all is well" wording), and a condition's lastTransitionTime moves only when its status does.

import { metaTime } from '@capstan/common';

export interface NamespaceCondition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

interface Verdict {
  readonly reason: string;
  readonly message: string;
}

/** The conditions the deleter keeps, in the order it adds them, with their False ("all is well") verdicts. */
const maintained: readonly (Verdict & { readonly type: string })[] = [
  { type: 'NamespaceDeletionDiscoveryFailure', reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
  { type: 'NamespaceDeletionGroupVersionParsingFailure', reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
  { type: 'NamespaceDeletionContentFailure', reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
  { type: 'NamespaceContentRemaining', reason: 'ContentRemoved', message: 'All content successfully removed' },
  { type: 'NamespaceFinalizersRemaining', reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
];

/** What one pass found still in the namespace. */
export interface RemainingContent {
  /** Instances left per resource, keyed "<resource>.<group>" as kube prints them ("pods." for the core group). */
  readonly resources: ReadonlyMap<string, number>;
  /** Instances left per finalizer they carry. */
  readonly finalizers: ReadonlyMap<string, number>;
}

export class DeletionConditions {
  readonly #failures = new Map<string, Verdict>();
  readonly #contentErrors: string[] = [];

  discoveryFailed(message: string): void {
    this.#failures.set('NamespaceDeletionDiscoveryFailure', { reason: 'DiscoveryFailed', message });
  }

  groupVersionParsingFailed(message: string): void {
    this.#failures.set('NamespaceDeletionGroupVersionParsingFailure', { reason: 'GroupVersionParsingFailed', message });
  }

  contentDeletionFailed(message: string): void {
    this.#contentErrors.push(message);
  }

  remaining(content: RemainingContent): void {
    const resources = counted(content.resources, (resource, n) => `${resource} has ${n} resource instances`);
    if (resources.length > 0) {
      this.#failures.set('NamespaceContentRemaining', { reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${resources.join(', ')}` });
    }
    const finalizers = counted(content.finalizers, (finalizer, n) => `${finalizer} in ${n} resource instances`);
    if (finalizers.length > 0) {
      this.#failures.set('NamespaceFinalizersRemaining', {
        reason: 'SomeFinalizersRemain',
        message: `Some content in the namespace has finalizers remaining: ${finalizers.join(', ')}`,
      });
    }
  }

  /** Sets every condition in `conditions` (changed in place); true when any changed. */
  applyTo(conditions: NamespaceCondition[], now: Date): boolean {
    if (this.#contentErrors.length > 0) {
      const messages = [...this.#contentErrors].sort();
      this.#failures.set('NamespaceDeletionContentFailure', {
        reason: 'ContentDeletionFailed',
        message: `Failed to delete all resource types, ${messages.length} remaining: ${messages.join(', ')}`,
      });
    }
    const time = metaTime(now);
    let changed = false;
    for (const { type, ...ok } of maintained) {
      const failure = this.#failures.get(type);
      const next = { type, status: failure === undefined ? 'False' : 'True', ...(failure ?? ok) };
      const old = conditions.find((c) => c.type === type);
      if (old === undefined) {
        conditions.push({ type, status: next.status, lastTransitionTime: time, reason: next.reason, message: next.message });
        changed = true;
      } else if (old.status !== next.status || old.reason !== next.reason || old.message !== next.message) {
        if (old.status !== next.status) old.lastTransitionTime = time;
        Object.assign(old, { status: next.status, reason: next.reason, message: next.message });
        changed = true;
      }
    }
    return changed;
  }
}

/** "<what> ..." for each non-zero count, sorted so that the message only changes when the counts do. */
function counted(counts: ReadonlyMap<string, number>, describe: (what: string, n: number) => string): string[] {
  return [...counts]
    .filter(([, n]) => n > 0)
    .map(([what, n]) => describe(what, n))
    .sort();
}

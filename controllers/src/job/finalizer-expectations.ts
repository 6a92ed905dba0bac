// kube's uidTrackingExpectations for the Job controller: the pods (by uid) whose tracking
// finalizer it removed and has not yet seen removed in its informer. Until then a sync does not
// count them again.

export class FinalizerExpectations {
  readonly #byJob = new Map<string, Set<string>>();

  expected(jobKey: string): ReadonlySet<string> {
    return new Set(this.#byJob.get(jobKey));
  }

  expectRemovals(jobKey: string, uids: readonly string[]): void {
    const set = this.#byJob.get(jobKey) ?? new Set<string>();
    for (const uid of uids) set.add(uid);
    this.#byJob.set(jobKey, set);
  }

  removalObserved(jobKey: string, uid: string): void {
    const set = this.#byJob.get(jobKey);
    if (set === undefined) return;
    set.delete(uid);
    if (set.size === 0) this.#byJob.delete(jobKey);
  }

  delete(jobKey: string): void {
    this.#byJob.delete(jobKey);
  }
}

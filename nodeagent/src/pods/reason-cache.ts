// The kubelet's ReasonCache: why each container of a pod last failed to start (CrashLoopBackOff,
// ErrImagePull, CreateContainerError, ...), shown as its waiting reason and message until it starts.

export interface StartFailure {
  readonly reason: string;
  readonly message: string;
}

export class ReasonCache {
  readonly #byPod = new Map<string, Map<string, StartFailure>>();

  get(uid: string, container: string): StartFailure | undefined {
    return this.#byPod.get(uid)?.get(container);
  }

  /** Records the outcome of one start: a failure is kept, a success forgets the last one. */
  update(uid: string, container: string, failure: StartFailure | undefined): void {
    let reasons = this.#byPod.get(uid);
    if (failure === undefined) {
      reasons?.delete(container);
      return;
    }
    if (reasons === undefined) this.#byPod.set(uid, (reasons = new Map()));
    reasons.set(container, failure);
  }

  forget(uid: string): void {
    this.#byPod.delete(uid);
  }
}

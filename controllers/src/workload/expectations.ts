// kube's ControllerExpectations (with UID tracking of deletions): what a controller has asked
// for (pods to create, pods to delete) and not yet seen in its informer. While expectations are
// pending the controller does not act on a stale cache and ask twice; they expire after five
// minutes in case an event was missed.

/** kube's ExpectationsTimeout. */
export const expectationsTimeoutMs = 5 * 60 * 1000;

interface Expectation {
  add: number;
  del: number;
  /** The keys ("namespace/name") of objects whose deletion is awaited. */
  readonly deleting: Set<string>;
  readonly setAt: number;
}

export class ControllerExpectations {
  readonly #byController = new Map<string, Expectation>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** True when the controller may sync: nothing is pending, the record expired, or there is none. */
  satisfied(controllerKey: string): boolean {
    const expectation = this.#byController.get(controllerKey);
    if (expectation === undefined) return true;
    if (expectation.add <= 0 && expectation.del <= 0) return true;
    return this.#now() - expectation.setAt > expectationsTimeoutMs;
  }

  /** Expects `count` creations, replacing what was expected. */
  expectCreations(controllerKey: string, count: number): void {
    this.#byController.set(controllerKey, { add: count, del: 0, deleting: new Set(), setAt: this.#now() });
  }

  /** Expects the deletion of these objects (by "namespace/name"), replacing what was expected. */
  expectDeletions(controllerKey: string, objectKeys: readonly string[]): void {
    this.#byController.set(controllerKey, { add: 0, del: objectKeys.length, deleting: new Set(objectKeys), setAt: this.#now() });
  }

  /** An object the controller created was seen (or its creation failed and will not be seen). */
  creationObserved(controllerKey: string): void {
    const expectation = this.#byController.get(controllerKey);
    if (expectation !== undefined) expectation.add -= 1;
  }

  /** An object was seen deleted: lowers the count if the controller was waiting for it. */
  deletionObserved(controllerKey: string, objectKey: string): void {
    const expectation = this.#byController.get(controllerKey);
    if (expectation?.deleting.delete(objectKey)) expectation.del -= 1;
  }

  /** Forgets the controller's record (it was deleted). */
  delete(controllerKey: string): void {
    this.#byController.delete(controllerKey);
  }
}

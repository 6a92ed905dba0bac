// kube's EndpointSliceTracker: the generation of each EndpointSlice a controller wrote, and those
// it deleted, per Service. A sync on an informer cache that has not yet seen the controller's own
// writes would create slices twice; it is refused (and retried) instead. A slice changed by
// someone else (a newer generation than written) or deleted by someone else asks for a sync.

import type { EndpointSlice } from '@capstan/common/api-types/discovery-v1';

/** The generation of a slice whose deletion is expected. */
const deletionExpected = -1;

export class StaleInformerCacheError extends Error {
  constructor() {
    super('EndpointSlice informer cache is out of date');
  }
}

export class EndpointSliceTracker {
  readonly #byService = new Map<string, Map<string, number>>();
  readonly #serviceKeyOf: (slice: EndpointSlice) => string;

  /** `serviceKeyOf` names the Service a slice belongs to ("namespace/name"). */
  constructor(serviceKeyOf: (slice: EndpointSlice) => string) {
    this.#serviceKeyOf = serviceKeyOf;
  }

  #slices(slice: EndpointSlice, create: boolean): Map<string, number> | undefined {
    const key = this.#serviceKeyOf(slice);
    let slices = this.#byService.get(key);
    if (slices === undefined && create) {
      slices = new Map();
      this.#byService.set(key, slices);
    }
    return slices;
  }

  /** The controller wrote the slice (as the API server answered it). */
  update(slice: EndpointSlice): void {
    this.#slices(slice, true)?.set(slice.metadata?.uid ?? '', slice.metadata?.generation ?? 0);
  }

  expectDeletion(slice: EndpointSlice): void {
    this.#slices(slice, true)?.set(slice.metadata?.uid ?? '', deletionExpected);
  }

  /** An informer saw the slice added or changed: true when the change is not the controller's own. */
  shouldSync(slice: EndpointSlice): boolean {
    const generation = this.#slices(slice, false)?.get(slice.metadata?.uid ?? '');
    return generation === undefined || (generation !== deletionExpected && (slice.metadata?.generation ?? 0) > generation);
  }

  /** An informer saw the slice deleted: true when the controller did not expect it. */
  handleDeletion(slice: EndpointSlice): boolean {
    const slices = this.#slices(slice, false);
    const uid = slice.metadata?.uid ?? '';
    const expected = slices?.get(uid) === deletionExpected;
    slices?.delete(uid);
    return !expected;
  }

  /** True when the informer's slices of the Service lag behind what the controller wrote. */
  stale(serviceKey: string, slices: readonly EndpointSlice[]): boolean {
    const tracked = this.#byService.get(serviceKey);
    if (tracked === undefined) return false;
    const seen = new Map(slices.map((slice) => [slice.metadata?.uid ?? '', slice.metadata?.generation ?? 0]));
    for (const [uid, generation] of tracked) {
      const current = seen.get(uid);
      if (generation === deletionExpected ? current !== undefined : current === undefined || current < generation) return true;
    }
    return false;
  }

  deleteService(serviceKey: string): void {
    this.#byService.delete(serviceKey);
  }
}

/**
 * The EndpointSlice informer's handlers of a controller managing slices: its own slices changed by
 * someone else (or handed over to or from another manager), or deleted by someone else, ask for a
 * sync of their Service.
 */
export function sliceEventHandler(tracker: EndpointSliceTracker, ours: (slice: EndpointSlice) => boolean, sync: (slice: EndpointSlice) => void) {
  return {
    onAdd: (slice: EndpointSlice): void => {
      if (ours(slice) && tracker.shouldSync(slice)) sync(slice);
    },
    onUpdate: (old: EndpointSlice, slice: EndpointSlice): void => {
      if ((ours(slice) || ours(old)) && (ours(slice) !== ours(old) || tracker.shouldSync(slice))) sync(slice);
    },
    onDelete: (slice: EndpointSlice): void => {
      if (ours(slice) && tracker.handleDeletion(slice)) sync(slice);
    },
  };
}

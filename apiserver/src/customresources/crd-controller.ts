// kube's apiextensions controllers for CustomResourceDefinitions, run in the API server as kube
// runs them: the naming controller (accepted names, NamesAccepted), the establishing controller
// (Established), serving each established CRD's versions as resource declarations made at run
// time, and the finalizer that deletes a deleted CRD's custom resources before the CRD goes.

import { KeyedSerial, StatusError, errorMessage, isNotFound } from '@capstan/common';
import { isDeepStrictEqual } from 'node:util';
import type { Logger } from '@capstan/common';
import { objectOf, objectsAt, stringOf } from '../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { wholeList } from '../registry/store-list.ts';
import type { WatchRequest } from '../registry/watch-request.ts';
import { customResourceCleanupFinalizer, withCondition } from '../resources/apiextensions/customresourcedefinitions/crd-strategy.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import type { Watch } from '../storage/storage.ts';
import { decideNames } from './crd-names.ts';
import { customResourceDefinitionsOf, storageVersionOf } from './custom-resource-declaration.ts';
import type { CustomObjectConverter } from './conversion/webhook-converter.ts';

/** How the server serves what the controller decides. */
export interface CustomResourceServing {
  /** Serves a CRD's declarations in place of what it served before; [] stops serving it. */
  serve(crdName: string, definitions: readonly ResourceDefinition[]): void;
  /** The store of a served resource. */
  store(group: string, version: string, resource: string): GenericStore | undefined;
  /** Makes the converter of a CRD whose conversion strategy is Webhook. */
  webhookOf(crd: JsonObject): CustomObjectConverter;
}

/** What of a CRD decides the names of the others in its group: the names it asks for and those it was given. */
const namesOf = (crd: JsonObject | undefined): unknown[] => (crd === undefined ? [] : [objectOf(crd.spec).names, objectOf(crd.status).acceptedNames]);

/** How long a reconcile that failed (a conflict, custom resources still held by finalizers) waits before it runs again. */
const retryDelayMs = 1000;

const everyChange: WatchRequest = {
  namespace: undefined,
  fieldSelector: undefined,
  resourceVersion: undefined,
  anyRecentState: false,
  sendInitialEvents: true,
  initialEventsEndBookmark: false,
  allowWatchBookmarks: false,
  timeoutSeconds: 0,
  labelSelector: undefined,
};

export class CustomResourceDefinitionController {
  readonly #crds: GenericStore;
  readonly #serving: CustomResourceServing;
  readonly #logger: Logger;
  readonly #stopping: AbortSignal;
  readonly #serial = new KeyedSerial();
  /**
   * Every CRD as the list and watch last showed it (kube's informer cache): a reconcile reads the
   * other CRDs of its group here rather than listing them all, once per CRD.
   */
  readonly #known = new Map<string, JsonObject>();
  /**
   * The declarations served for each CRD and what they were made of (its uid, spec and accepted
   * names, as kube's CRD handler keys its storage): a CRD whose status or metadata alone changed
   * is not built and served again, and the watches of its objects go on.
   */
  readonly #served = new Map<string, { readonly key: string; readonly definitions: readonly ResourceDefinition[] }>();
  /** The CRDs being deleted now, which their declarations consult (creates refused, discovery's verbs). */
  readonly #terminating = new Set<string>();
  #watch: Watch | undefined;

  constructor(crds: GenericStore, serving: CustomResourceServing, logger: Logger, stopping: AbortSignal) {
    this.#crds = crds;
    this.#serving = serving;
    this.#logger = logger;
    this.#stopping = stopping;
    stopping.addEventListener('abort', () => this.#watch?.close(), { once: true });
  }

  /** Reconciles every CRD there is, then every change; resolves once the first pass is done. */
  async start(): Promise<void> {
    const page = await this.#crds.list(wholeList(undefined));
    this.#known.clear();
    for (const kv of page.items) {
      const crd = this.#crds.decode(kv);
      this.#known.set(stringOf(metadataOf(crd).name), crd);
    }
    await Promise.all([...this.#known.keys()].map((name) => this.#queue(name)));
    await this.#watchFrom(Number(page.resourceVersion));
  }

  async #watchFrom(resourceVersion: number): Promise<void> {
    if (this.#stopping.aborted) return;
    this.#watch = await this.#crds.watch({ ...everyChange, resourceVersion, sendInitialEvents: false }, (event) => {
      if (event.type === 'ADDED' || event.type === 'MODIFIED' || event.type === 'DELETED') {
        const name = stringOf(metadataOf(event.object).name);
        const before = this.#known.get(name);
        if (event.type === 'DELETED') this.#known.delete(name);
        else this.#known.set(name, event.object);
        void this.#queue(name);
        // As kube's naming controller: a CRD's names changing may free or take names the others of its group asked for.
        if (!isDeepStrictEqual(namesOf(before), namesOf(event.type === 'DELETED' ? undefined : event.object))) {
          for (const other of this.#groupOf(event.object, name)) void this.#queue(stringOf(metadataOf(other).name));
        }
      } else if (event.type === 'ERROR' || event.type === 'CLOSED') {
        // The watch ended (compacted, too slow): list and watch again.
        this.#watch = undefined;
        setTimeout(() => void this.start().catch((error: unknown) => this.#logger.warn({ err: error }, 'watching CustomResourceDefinitions failed')), retryDelayMs);
      }
    });
  }

  /** Reconciles one CRD after what is queued for it; a failure is logged and retried. */
  #queue(name: string): Promise<void> {
    return this.#serial
      .run(name, () => this.#reconcile(name))
      .catch((error: unknown) => {
        if (this.#stopping.aborted) return;
        if (!(error instanceof StatusError && error.code === 409))
          this.#logger.warn({ crd: name, reason: errorMessage(error) }, 'reconciling a CustomResourceDefinition failed; retrying');
        setTimeout(() => void this.#queue(name), retryDelayMs).unref();
      });
  }

  async #reconcile(name: string): Promise<void> {
    if (this.#stopping.aborted) return;
    let crd: JsonObject;
    try {
      crd = await this.#crds.get(undefined, name);
    } catch (error) {
      if (isNotFound(error)) return this.#serve(name, undefined);
      throw error;
    }
    if (metadataOf(crd).deletionTimestamp !== undefined) return this.#finalize(crd);
    const others = this.#groupOf(crd, name);
    const now = new Date();
    const names = decideNames(crd, others);
    let next = withCondition(crd, names.condition, now);
    next = { ...next, status: { ...objectOf(next.status), acceptedNames: names.acceptedNames } };
    const established = objectsAt(objectOf(crd.status), 'conditions').find((condition) => condition.type === 'Established');
    if (established?.status !== 'True') {
      // kube's naming controller says Installing, and its establishing controller Established, once the names are accepted.
      next =
        names.condition.status === 'True'
          ? withCondition(next, { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' }, now)
          : withCondition(next, { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted' }, now);
    }
    if (!isDeepStrictEqual(next.status, crd.status)) next = await this.#crds.updateStatus(undefined, name, next);
    const isEstablished = objectsAt(objectOf(next.status), 'conditions').some((condition) => condition.type === 'Established' && condition.status === 'True');
    this.#serve(name, isEstablished ? next : undefined);
  }

  /** The other CRDs of a CRD's group, as last seen. */
  #groupOf(crd: JsonObject, name: string): JsonObject[] {
    const group = stringOf(objectOf(crd.spec).group);
    return [...this.#known.values()].filter((other) => stringOf(objectOf(other.spec).group) === group && metadataOf(other).name !== name);
  }

  /**
   * Serves the declarations of an established CRD (none for undefined) unless they are served
   * already: the watch event of the controller's own status write, or a CRD whose spec did not
   * change, compiles no schema, replaces no store and rebuilds no discovery.
   */
  #serve(name: string, crd: JsonObject | undefined): void {
    if (crd === undefined) {
      this.#terminating.delete(name);
      this.#served.delete(name);
      this.#serving.serve(name, []);
      return;
    }
    this.#setTerminating(name, false);
    // The stored versions too: while another version may still be stored, the storage version converts (custom-resource-conversion.ts).
    const key = JSON.stringify([metadataOf(crd).uid, crd.spec, objectOf(crd.status).acceptedNames, objectOf(crd.status).storedVersions]);
    if (this.#served.get(name)?.key === key) return;
    const definitions = customResourceDefinitionsOf(
      crd,
      (of) => this.#serving.webhookOf(of),
      () => this.#terminating.has(name),
    );
    this.#served.set(name, { key, definitions });
    this.#serving.serve(name, definitions);
  }

  /** Whether the CRD is being deleted; discovery is rebuilt when that changes for one served. */
  #setTerminating(name: string, terminating: boolean): void {
    if (this.#terminating.has(name) === terminating) return;
    if (terminating) this.#terminating.add(name);
    else this.#terminating.delete(name);
    const served = this.#served.get(name);
    if (served !== undefined) this.#serving.serve(name, served.definitions);
  }

  /** A deleted CRD: its custom resources are deleted, then the finalizer goes and with it the CRD. */
  async #finalize(crd: JsonObject): Promise<void> {
    const name = stringOf(metadataOf(crd).name);
    if (!(metadataOf(crd).finalizers ?? []).includes(customResourceCleanupFinalizer)) return;
    // Terminating from the deletion on (kube's strategy sets the condition): creates are refused.
    this.#setTerminating(name, true);
    const now = new Date();
    let current = crd;
    const progress = withCondition(current, { type: 'Terminating', status: 'True', reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' }, now);
    if (!isDeepStrictEqual(progress.status, current.status)) current = await this.#crds.updateStatus(undefined, name, progress);
    const store = this.#storageVersionStore(current);
    if (store !== undefined) {
      await store.deleteCollection(wholeList(undefined));
      const left = (await store.list(wholeList(undefined))).items.length;
      // Objects held by their own finalizers: try again until they are gone.
      if (left > 0) throw new Error(`${left} custom resources of ${name} are still there`);
    }
    const completed = withCondition(current, { type: 'Terminating', status: 'False', reason: 'InstanceDeletionCompleted', message: 'removed all instances' }, now);
    current = await this.#crds.updateStatus(undefined, name, completed);
    this.#serve(name, undefined);
    const metadata = metadataOf(current);
    const finalizers = (metadata.finalizers ?? []).filter((finalizer) => finalizer !== customResourceCleanupFinalizer);
    await this.#crds.update(undefined, name, { ...current, metadata: { ...metadata, finalizers } });
  }

  /** The store of the CRD's objects in their storage version, while the CRD is served. */
  #storageVersionStore(crd: JsonObject): GenericStore | undefined {
    const version = storageVersionOf(crd);
    const plural = stringOf(objectOf(objectOf(crd.status).acceptedNames).plural);
    if (version === undefined || plural === '') return undefined;
    return this.#serving.store(stringOf(objectOf(crd.spec).group), version, plural);
  }
}

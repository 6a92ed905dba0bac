// One object as an endpoint reads and writes it: the object itself, its status, its scale, a pod's
// resize, or a CertificateSigningRequest's approval.
// get, update (PUT) and patch of every subresource go through the same two calls. An update of a
// body that names another namespace than the request's is kube's 400 before anything is read.

import type { GenericStore, ReplaceOptions } from '../registry/generic-store.ts';
import { checkRequestNamespace, type JsonObject } from '../registry/object-meta.ts';
import { writeAdmission, type RequestAdmission } from '../admission/request-admission.ts';
import type { ResourceWrites } from './resource-writes.ts';
import { updateApproval } from '../registry/csr-approval.ts';
import { scaleOf, updateScale } from '../registry/scale.ts';
import { resizedPod } from '../resources/core/pods/pod-resize.ts';

export interface ObjectView {
  /** The view of the object, in a state at least as new as `minRevision` when given (a GET's resourceVersion). */
  get(minRevision?: number): Promise<JsonObject>;
  update(body: JsonObject, options?: ReplaceOptions): Promise<JsonObject>;
}

export function mainView(store: GenericStore, namespace: string | undefined, name: string, writes: ResourceWrites): ObjectView {
  const { admission, hooks } = writes;
  const { definition } = store;
  return {
    get: () => store.get(namespace, name),
    // Admission and the storage hook run inside the store's read-check-write loop, with the object
    // each attempt reads: the mutating phase on the body, the validating one on the object derived
    // from it. A dry run is admitted but allocates nothing (a Service's new node ports are not
    // shown in its answer).
    update: (body, options = {}) => {
      checkRequestNamespace(definition, namespace, body);
      return store.update(namespace, name, body, {
        ...options,
        admission: writeAdmission(admission, definition, { operation: 'UPDATE', namespace, name, dryRun: options.dryRun === true }),
        ...(hooks?.beforeUpdate === undefined ? {} : { beginUpdate: hooks.beforeUpdate }),
      });
    },
  };
}

/** The status subresource; its writes are admitted when the request's admission is given (subresource "status"). */
export function statusView(store: GenericStore, namespace: string | undefined, name: string, admission?: RequestAdmission): ObjectView {
  return {
    get: () => store.get(namespace, name),
    update: (body, options = {}) => {
      checkRequestNamespace(store.definition, namespace, body);
      if (admission === undefined) return store.updateStatus(namespace, name, body, options);
      const write = { operation: 'UPDATE', namespace, name, dryRun: options.dryRun === true, subresource: 'status' } as const;
      return store.updateStatus(namespace, name, body, { ...options, admission: writeAdmission(admission, store.definition, write) });
    },
  };
}

/** A pod's resize: its containers' resources (pod-resize.ts); its writes are admitted as subresource "resize" (LimitRanger, ResourceQuota). */
export function resizeView(store: GenericStore, namespace: string | undefined, name: string, admission?: RequestAdmission): ObjectView {
  const derivationOf = (sent: JsonObject) => (old: JsonObject) => resizedPod(store.definition, sent, old);
  return {
    get: (minRevision) => store.get(namespace, name, minRevision),
    update: (body, options = {}) => {
      checkRequestNamespace(store.definition, namespace, body);
      const defaulted = store.defaulted(body);
      if (admission === undefined) return store.replaceFromBody(namespace, name, defaulted, derivationOf, options);
      const write = { operation: 'UPDATE', namespace, name, dryRun: options.dryRun === true, subresource: 'resize' } as const;
      return store.replaceFromBody(namespace, name, defaulted, derivationOf, { ...options, admission: writeAdmission(admission, store.definition, write) });
    },
  };
}

/** A CertificateSigningRequest's approval: its conditions (csr-approval.ts); its writes are validated by admission (subresource "approval"). */
export function approvalView(store: GenericStore, name: string, admission?: RequestAdmission): ObjectView {
  return {
    get: (minRevision) => store.get(undefined, name, minRevision),
    update: (body, options = {}) => {
      if (admission === undefined) return updateApproval(store, name, body, options);
      const write = { operation: 'UPDATE', namespace: undefined, name, dryRun: options.dryRun === true, subresource: 'approval' } as const;
      return updateApproval(store, name, body, { ...options, admission: writeAdmission(admission, store.definition, write) });
    },
  };
}

/** `reading`: the view answers a GET (see scaleOf). */
export function scaleView(store: GenericStore, namespace: string | undefined, name: string, reading = false): ObjectView {
  return {
    get: async (minRevision) => scaleOf(store.definition, await store.get(namespace, name, minRevision), reading),
    update: (body, options) => {
      checkRequestNamespace(store.definition, namespace, body);
      return updateScale(store, namespace, name, body, options);
    },
  };
}

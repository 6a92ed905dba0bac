// NodeRestriction's part of a node's TokenRequest (serviceaccounts/<name>/token): the token must
// be bound to a pod of the node, by the pod's uid, and be for an audience the pod uses (a projected
// service account token of that audience, or a CSI driver of its volumes that asks for tokens of
// it; kube's ServiceAccountNodeAudienceRestriction, on in 1.35).

import { type StatusError, errorMessage, newNotFound, isNotFound } from '@capstan/common';
import { objectOf, objectsAt, stringOf, stringsOf } from '../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';

/** What the check reads: the bound pod, and the claims, volumes and CSI drivers of its volumes. */
export interface TokenRequestStores {
  readonly pods: GenericStore;
  readonly persistentVolumeClaims: GenericStore;
  readonly persistentVolumes: GenericStore;
  readonly csiDrivers: GenericStore;
}

/** Throws the refusal's message (the caller makes it kube's 403), or a lookup's 404 as it is. */
export async function checkNodeTokenRequest(node: string, attributes: AdmissionAttributes, stores: TokenRequestStores, refuse: (message: string) => StatusError): Promise<void> {
  const spec = objectOf(attributes.object?.spec);
  const ref = objectOf(spec.boundObjectRef);
  if (ref.apiVersion !== 'v1' || ref.kind !== 'Pod' || stringOf(ref.name) === '') throw refuse('node requested token not bound to a pod');
  if (stringOf(ref.uid) === '') throw refuse('node requested token with a pod binding without a uid');
  const pod = await podOf(stores.pods, attributes.namespace, stringOf(ref.name), refuse);
  if (ref.uid !== metadataOf(pod).uid) {
    throw refuse(`the UID in the bound object reference (${stringOf(ref.uid)}) does not match the UID in record. The object might have been deleted and then recreated`);
  }
  if (stringOf(objectOf(pod.spec).nodeName) !== node) throw refuse('node requested token bound to a pod scheduled on a different node');
  const audiences = stringsOf(spec.audiences);
  if (audiences.length > 1) throw refuse('node may only request 0 or 1 audiences');
  const audience = audiences[0] ?? '';
  let found: boolean;
  try {
    found = await podUsesAudience(pod, audience, stores);
  } catch (error) {
    throw refuse(`error validating audience "${audience}": ${errorMessage(error)}`);
  }
  // kube asks the authorizer for request-serviceaccounts-token-audience here; no mode Capstan
  // has grants that verb to nodes yet.
  if (!found) throw refuse(`audience "${audience}" not found in pod spec volume, ${attributes.userInfo.username} is not authorized to request tokens for this audience`);
}

async function podOf(pods: GenericStore, namespace: string, name: string, refuse: (message: string) => StatusError): Promise<JsonObject> {
  try {
    return await pods.get(namespace, name);
  } catch (error) {
    // kube's lister names the resource in the singular.
    if (isNotFound(error)) throw newNotFound({ group: '', resource: 'pod' }, name);
    throw refuse(errorMessage(error));
  }
}

/** Whether a projected token or a CSI driver of the pod's volumes is for the audience. */
async function podUsesAudience(pod: JsonObject, audience: string, stores: TokenRequestStores): Promise<boolean> {
  const namespace = stringOf(metadataOf(pod).namespace);
  const errors: string[] = [];
  for (const volume of objectsAt(objectOf(pod.spec), 'volumes')) {
    const projected = objectsAt(objectOf(volume.projected), 'sources');
    if (projected.some((source) => source.serviceAccountToken !== undefined && stringOf(objectOf(source.serviceAccountToken).audience) === audience)) return true;
    try {
      let driver = '';
      if (volume.ephemeral !== undefined && objectOf(volume.ephemeral).volumeClaimTemplate !== undefined) {
        driver = await claimDriver(stores, namespace, `${stringOf(metadataOf(pod).name)}-${stringOf(volume.name)}`);
      } else if (volume.persistentVolumeClaim !== undefined) {
        driver = await claimDriver(stores, namespace, stringOf(objectOf(volume.persistentVolumeClaim).claimName));
      } else if (volume.csi !== undefined) {
        driver = stringOf(objectOf(volume.csi).driver);
      }
      if (driver !== '' && objectsAt(objectOf((await stores.csiDrivers.get(undefined, driver)).spec), 'tokenRequests').some((request) => stringOf(request.audience) === audience))
        return true;
    } catch (error) {
      errors.push(errorMessage(error));
    }
  }
  if (errors.length === 1) throw new Error(errors[0]);
  if (errors.length > 1) throw new Error(`[${errors.join(', ')}]`);
  return false;
}

/** The CSI driver of the volume a claim is bound to ("" for a volume of another kind). */
async function claimDriver(stores: TokenRequestStores, namespace: string, claim: string): Promise<string> {
  const volumeName = stringOf(objectOf((await stores.persistentVolumeClaims.get(namespace, claim)).spec).volumeName);
  return stringOf(objectOf(objectOf((await stores.persistentVolumes.get(undefined, volumeName)).spec).csi).driver);
}

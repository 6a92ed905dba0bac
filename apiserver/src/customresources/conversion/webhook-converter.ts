// The conversion of a CRD with strategy Webhook, as kube-apiserver's webhook converter makes it:
// each object not already in the version asked for goes to the webhook in a ConversionReview of
// its own (kube converts objects one by one as it decodes them from storage, a list's too), and
// comes back checked, with its original metadata but the labels and annotations. Every failure is
// kube's 500 without a reason, "conversion webhook for <group>/<version>, Kind=<kind> failed: ...".

import { randomUUID } from 'node:crypto';
import { newInternalError, newUnclassifiedError, type StatusError } from '@capstan/common';
import { stringOf } from '../../registry/defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from '../../registry/object-meta.ts';
import { ConversionFailure, conversionRequestOf, convertedObjectsOf } from './conversion-review.ts';
import { convertedObjectError, groupVersionOf, unstructuredOf, withRestoredObjectMeta } from './converted-object.ts';
import type { WebhookAnswer } from './webhook-client.ts';

/** Converts custom objects to a version of their CRD. */
export interface CustomObjectConverter {
  /** `object` in `apiVersion`; a Status error the client sees when that fails. */
  convert(object: JsonObject, apiVersion: string): Promise<JsonObject>;
}

/** Where reviews go: the webhook's client (webhook-client.ts). */
export interface ReviewPoster {
  post(body: string): Promise<WebhookAnswer>;
}

export class WebhookConverter implements CustomObjectConverter {
  readonly #client: ReviewPoster;
  readonly #reviewVersions: readonly string[];

  constructor(client: ReviewPoster, reviewVersions: readonly string[]) {
    this.#client = client;
    this.#reviewVersions = reviewVersions;
  }

  async convert(object: JsonObject, apiVersion: string): Promise<JsonObject> {
    if (groupVersionOf(object) === apiVersion) return object;
    // kube answers an object that holds nothing but its type itself (its cacher converts such a one to test the converter).
    if (Object.keys(object).length === 2 && 'kind' in object && 'apiVersion' in object) return { ...object, apiVersion };
    const gvk = `${groupVersionOf(object)}, Kind=${stringOf(object.kind)}`;
    // kube sends objects as its storage decodes them, before the resourceVersion is set.
    const { resourceVersion: _resourceVersion, ...metadata } = metadataOf(object);
    const sent = { ...object, metadata };
    let request;
    try {
      request = conversionRequestOf(this.#reviewVersions, [sent], apiVersion, randomUUID());
    } catch (error) {
      throw newUnclassifiedError((error as Error).message);
    }
    let converted: unknown[];
    try {
      const answer = await this.#client.post(JSON.stringify(request.review));
      converted = convertedObjectsOf(request, answer.body, answer.contentType);
    } catch (error) {
      if (!(error instanceof ConversionFailure)) throw error;
      throw failed(gvk, `failed: ${error.message}`);
    }
    if (converted.length !== 1) throw failed(gvk, `returned ${converted.length} objects, expected 1`);
    let out: JsonObject;
    try {
      out = unstructuredOf(converted[0]);
    } catch (error) {
      // kube passes this one on without saying whose it is.
      throw newUnclassifiedError((error as Error).message);
    }
    const got = groupVersionOf(out);
    if (got !== apiVersion) throw failed(gvk, `returned invalid object at index 0: invalid groupVersion (expected ${apiVersion}, received ${got})`);
    if (out.kind !== object.kind) throw failed(gvk, `returned invalid object at index 0: invalid kind (expected ${stringOf(object.kind)}, received ${stringOf(out.kind)})`);
    const invalid = convertedObjectError(sent, out);
    if (invalid !== undefined) throw failed(gvk, `returned invalid object: ${invalid}`);
    try {
      return withRestoredObjectMeta(object, out);
    } catch (error) {
      if (!(error instanceof ConversionFailure)) throw error;
      throw failed(gvk, `returned invalid metadata: ${error.message}`);
    }
  }
}

const failed = (gvk: string, what: string): StatusError => newUnclassifiedError(`conversion webhook for ${gvk} ${what}`);

/**
 * A converter that cannot be made: kube fails every request of a CRD whose webhook client it
 * cannot build (a caBundle without a certificate) with this 500.
 */
export const unbuildableConverter: CustomObjectConverter = {
  convert: () => Promise.reject(newInternalError('error resolving resource')),
};

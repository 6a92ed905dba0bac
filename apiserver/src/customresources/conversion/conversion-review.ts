// The ConversionReview a CRD's conversion webhook is sent, and the reading of its answer, as
// kube-apiserver's webhook converter makes and reads them (apiextensions-apiserver
// pkg/apiserver/conversion/webhook_converter.go): apiextensions.k8s.io/v1, or v1beta1 when the CRD
// lists it first; the answer must be a ConversionReview of the same version, for the same request
// uid (v1 only, as kube), with result.status Success. Failures are thrown as ConversionFailure,
// worded as kube words them, which the converter puts after "conversion webhook for <gvk> failed: ".

import { goJsonKind, goQuote, parseJson } from '@capstan/common';
import { isObject } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';

const group = 'apiextensions.k8s.io';

/** What kube-apiserver says of a webhook's answer; a message, not yet the client's Status. */
export class ConversionFailure extends Error {
  override name = 'ConversionFailure';
}

/** The ConversionReview versions kube speaks, in no order: the CRD's list says which is used. */
type ReviewVersion = 'v1' | 'v1beta1';

export interface ConversionRequest {
  readonly version: ReviewVersion;
  readonly uid: string;
  /** The review to send. */
  readonly review: JsonObject;
}

/**
 * The review of `objects` for the first version of `reviewVersions` kube knows, with the empty
 * response kube's request carries (`"response":{"uid":"","convertedObjects":null,"result":{"metadata":{}}}`).
 */
export function conversionRequestOf(reviewVersions: readonly string[], objects: readonly JsonObject[], desiredAPIVersion: string, uid: string): ConversionRequest {
  const version = reviewVersions.find((candidate): candidate is ReviewVersion => candidate === 'v1' || candidate === 'v1beta1');
  if (version === undefined) throw new ConversionFailure('no supported conversion review versions');
  return {
    version,
    uid,
    review: {
      kind: 'ConversionReview',
      apiVersion: `${group}/${version}`,
      request: { uid, desiredAPIVersion, objects },
      response: { uid: '', convertedObjects: null, result: { metadata: {} } },
    },
  };
}

/** The converted objects of a webhook's answer (its body, its Content-Type), or why there are none. */
export function convertedObjectsOf(request: ConversionRequest, body: Buffer, contentType: string): unknown[] {
  if (body.length === 0) throw new ConversionFailure(`0-length response with status code: 200 and content type: ${contentType}`);
  let answer: unknown;
  try {
    answer = parseJson(body.toString('utf8'));
  } catch (error) {
    throw new ConversionFailure(`couldn't get version/kind; json parse error: ${(error as Error).message}`);
  }
  const review = isObject(answer) ? answer : {};
  const apiVersion = typeof review.apiVersion === 'string' ? review.apiVersion : '';
  const kind = typeof review.kind === 'string' ? review.kind : '';
  const expected = `${group}/${request.version}`;
  // kube decodes the answer with a scheme that knows both ConversionReviews: one it does not know
  // is refused, the other version cannot be converted into the one asked for. An answer without
  // kind or apiVersion decodes into the one asked for as it is.
  if (kind !== '' && apiVersion !== '') {
    const known = kind === 'ConversionReview' && (apiVersion === `${group}/v1` || apiVersion === `${group}/v1beta1`);
    if (!known) throw new ConversionFailure(`no kind ${goQuote(kind)} is registered for version ${goQuote(apiVersion)} in scheme "pkg/runtime/scheme.go:111"`);
    if (apiVersion !== expected) {
      throw new ConversionFailure(`converting (${apiVersion.slice(group.length + 1)}.ConversionReview) to (${request.version}.ConversionReview): unknown conversion`);
    }
  }
  const response = typedResponse(review);
  // v1beta1 answers were never checked for their kind and uid: kube still does not.
  if (request.version === 'v1') {
    if (apiVersion !== expected || kind !== 'ConversionReview') {
      throw new ConversionFailure(`expected webhook response of ${expected}, Kind=ConversionReview, got ${goGroupVersion(apiVersion)}, Kind=${kind}`);
    }
  }
  if (response === undefined) throw new ConversionFailure('no response provided');
  if (request.version === 'v1' && response.uid !== request.uid) {
    throw new ConversionFailure(`expected response.uid=${goQuote(request.uid)}, got ${goQuote(response.uid)}`);
  }
  if (response.status !== 'Success') {
    if (response.message !== '') throw new ConversionFailure(response.message);
    throw new ConversionFailure(`response.result.status was '${response.status}', not 'Success'`);
  }
  return response.convertedObjects;
}

/** A group/version as Go prints a GroupVersion: "/" for none. */
function goGroupVersion(apiVersion: string): string {
  if (apiVersion === '') return '/';
  return apiVersion.includes('/') ? apiVersion : `/${apiVersion}`;
}

interface TypedResponse {
  readonly uid: string;
  readonly convertedObjects: unknown[];
  readonly status: string;
  readonly message: string;
}

/**
 * The response of a review as Go's JSON decoding fills ConversionResponse: a field of the wrong
 * JSON type fails as encoding/json words it ("cannot unmarshal string into Go struct field
 * Status.response.result.code of type int32"); undefined when there is no response.
 */
function typedResponse(review: JsonObject): TypedResponse | undefined {
  const response = review.response;
  if (response === undefined || response === null) return undefined;
  if (!isObject(response)) throw unmarshalError(response, 'ConversionReview.response', 'v1.ConversionResponse');
  const uid = typed(response.uid, 'string', 'ConversionResponse.response.uid', 'types.UID') ?? '';
  const objects = response.convertedObjects;
  if (objects !== undefined && objects !== null && !Array.isArray(objects)) throw unmarshalError(objects, 'ConversionResponse.response.convertedObjects', '[]runtime.RawExtension');
  const result = response.result;
  if (result !== undefined && result !== null && !isObject(result)) throw unmarshalError(result, 'ConversionResponse.response.result', 'v1.Status');
  const status = isObject(result) ? result : {};
  if (status.code !== undefined && status.code !== null && typeof status.code !== 'number') throw unmarshalError(status.code, 'Status.response.result.code', 'int32');
  return {
    uid,
    convertedObjects: Array.isArray(objects) ? objects : [],
    status: typed(status.status, 'string', 'Status.response.result.status', 'string') ?? '',
    message: typed(status.message, 'string', 'Status.response.result.message', 'string') ?? '',
  };
}

function typed(value: unknown, type: 'string', field: string, goType: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== type) throw unmarshalError(value, field, goType);
  return value as string;
}

function unmarshalError(value: unknown, field: string, goType: string): ConversionFailure {
  return new ConversionFailure(`json: cannot unmarshal ${goJsonKind(value)} into Go struct field ${field} of type ${goType}`);
}

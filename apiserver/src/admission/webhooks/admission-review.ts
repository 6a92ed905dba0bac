// The AdmissionReview an admission webhook is sent and the reading of its answer, as
// kube-apiserver makes and checks them (k8s.io/apiserver webhook/request): admission.k8s.io/v1,
// or v1beta1 when the webhook lists it first; a v1 answer must be a v1 AdmissionReview for the
// request's uid, and a mutating webhook's patch comes with its patchType (a validating webhook
// may send neither). What cannot be read is thrown as the reason kube gives after
// `failed calling webhook "<name>": `.

import { operationOptionsOf } from '../operation-options.ts';
import { goJsonKind, goQuote } from '@capstan/common';
import { isObject } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { VersionedObjects } from '../matching/versioned-objects.ts';

/** The AdmissionReview versions kube speaks, in no order: the webhook's list says which is used. */
export type ReviewVersion = 'v1' | 'v1beta1';

/**
 * What a request is matched as (kube's WebhookInvocation with its VersionedAttributes): the
 * request's own resource and kind, or an equivalent one, and its objects in that version.
 */
export interface Invocation {
  readonly resource: { readonly group: string; readonly version: string; readonly resource: string };
  readonly kind: { readonly group: string; readonly version: string; readonly kind: string };
  readonly objects: VersionedObjects;
}

/** The first version of the webhook's list kube knows; undefined when it knows none. */
export function reviewVersionOf(admissionReviewVersions: readonly string[]): ReviewVersion | undefined {
  return admissionReviewVersions.find((version): version is ReviewVersion => version === 'v1' || version === 'v1beta1');
}

/** The review of the request for a webhook that speaks `version`. */
export function admissionReviewOf(version: ReviewVersion, uid: string, attributes: AdmissionAttributes, invocation: Invocation): JsonObject {
  const { userInfo } = attributes;
  return {
    kind: 'AdmissionReview',
    apiVersion: `admission.k8s.io/${version}`,
    request: {
      uid,
      kind: invocation.kind,
      resource: invocation.resource,
      ...(attributes.subresource === '' ? {} : { subResource: attributes.subresource }),
      requestKind: attributes.kind,
      requestResource: { group: attributes.resource.group, version: attributes.resource.version, resource: attributes.resource.resource },
      ...(attributes.subresource === '' ? {} : { requestSubResource: attributes.subresource }),
      ...(attributes.name === '' ? {} : { name: attributes.name }),
      ...(attributes.namespace === '' ? {} : { namespace: attributes.namespace }),
      operation: attributes.operation,
      userInfo: {
        ...(userInfo.username === '' ? {} : { username: userInfo.username }),
        ...(userInfo.uid === '' ? {} : { uid: userInfo.uid }),
        ...(userInfo.groups.length === 0 ? {} : { groups: userInfo.groups }),
        ...(Object.keys(userInfo.extra).length === 0 ? {} : { extra: userInfo.extra }),
      },
      object: invocation.objects.object ?? null,
      oldObject: invocation.objects.oldObject ?? null,
      dryRun: attributes.dryRun,
      options: operationOptionsOf(attributes),
    },
  };
}

/** A webhook's answer, checked. */
export interface AdmissionResponse {
  readonly allowed: boolean;
  /** The response's status (for a refusal). */
  readonly result: unknown;
  /** The decoded JSON patch's text; undefined when there is none. */
  readonly patch: string | undefined;
  /** Its type: only JSONPatch is applied (kube reports another once the patch is found not empty). */
  readonly patchType: string | undefined;
  readonly auditAnnotations: Readonly<Record<string, string>>;
  readonly warnings: readonly string[];
}

/** Why kube could not read an answer; the reason follows "failed calling webhook ...: ". */
export class AdmissionResponseError extends Error {
  override name = 'AdmissionResponseError';
}

const invalid = (reason: string): AdmissionResponseError => new AdmissionResponseError(`received invalid webhook response: ${reason}`);

/**
 * The review a webhook answered, decoded as client-go decodes it into an AdmissionReview of
 * `version`: JSON (YAML's plain text reads as a string), of a kind kube knows and no other version
 * of AdmissionReview (kube has no conversion between them); a missing apiVersion or kind is left
 * for the check of the response to report.
 */
function decodedReview(version: ReviewVersion, body: Buffer): JsonObject {
  const text = body.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text.trim();
  }
  const failed = (reason: string): AdmissionResponseError => new AdmissionResponseError(`failed to call webhook: ${reason}`);
  if (!isObject(parsed)) {
    throw failed(
      `couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonKind(parsed)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`,
    );
  }
  const kind = typeof parsed.kind === 'string' ? parsed.kind : '';
  const apiVersion = typeof parsed.apiVersion === 'string' ? parsed.apiVersion : '';
  if (kind === '' || apiVersion === '') return parsed;
  const slash = apiVersion.lastIndexOf('/');
  const group = apiVersion.slice(0, Math.max(slash, 0));
  const answered = apiVersion.slice(slash + 1);
  if (kind !== 'AdmissionReview' || group !== 'admission.k8s.io' || (answered !== 'v1' && answered !== 'v1beta1')) {
    throw failed(`no kind ${goQuote(kind)} is registered for version ${goQuote(apiVersion)} in scheme "pkg/runtime/scheme.go:111"`);
  }
  if (answered !== version) throw failed(`converting (${answered}.AdmissionReview) to (${version}.AdmissionReview): unknown conversion`);
  return parsed;
}

/** Go's GroupVersionKind.String() of an object's apiVersion and kind. */
function groupVersionKindString(review: JsonObject): string {
  const apiVersion = typeof review.apiVersion === 'string' ? review.apiVersion : '';
  const slash = apiVersion.lastIndexOf('/');
  return `${apiVersion.slice(0, Math.max(slash, 0))}/${apiVersion.slice(slash + 1)}, Kind=${typeof review.kind === 'string' ? review.kind : ''}`;
}

/** kube's VerifyAdmissionResponse over the decoded answer to a review of `version` with `uid`. */
export function admissionResponseOf(version: ReviewVersion, uid: string, mutating: boolean, body: Buffer): AdmissionResponse {
  const review = decodedReview(version, body);
  const response = review.response;
  if (!isObject(response)) throw invalid('webhook response was absent');
  const strings = (value: unknown): Record<string, string> =>
    isObject(value) ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};
  const common = {
    allowed: response.allowed === true,
    result: response.status,
    auditAnnotations: strings(response.auditAnnotations),
    warnings: Array.isArray(response.warnings) ? response.warnings.filter((warning): warning is string => typeof warning === 'string') : [],
  };
  const patch = typeof response.patch === 'string' && response.patch !== '' ? Buffer.from(response.patch, 'base64').toString('utf8') : undefined;
  if (version === 'v1beta1') {
    // kube never checked v1beta1 answers' uid, kind or patchType: a patch is a JSON patch.
    return { ...common, patch: mutating ? patch : undefined, patchType: 'JSONPatch' };
  }
  const answeredUid = typeof response.uid === 'string' ? response.uid : '';
  if (answeredUid !== uid) throw invalid(`expected response.uid=${goQuote(uid)}, got ${goQuote(answeredUid)}`);
  const gvk = groupVersionKindString(review);
  if (gvk !== 'admission.k8s.io/v1, Kind=AdmissionReview') throw invalid(`expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${gvk}`);
  const patchType = response.patchType;
  const hasPatchType = patchType !== undefined && patchType !== null;
  if (!mutating) {
    if (patch !== undefined) throw invalid('validating webhook may not return response.patch');
    if (hasPatchType) throw invalid('validating webhook may not return response.patchType');
    return { ...common, patch: undefined, patchType: undefined };
  }
  if (patch !== undefined && !hasPatchType) throw invalid('webhook returned response.patch but not response.patchType');
  if (patch === undefined && hasPatchType) throw invalid('webhook returned response.patchType but not response.patch');
  if (hasPatchType && (typeof patchType !== 'string' || patchType === '')) throw invalid(`webhook returned invalid response.patchType of ${goQuote(String(patchType ?? ''))}`);
  return { ...common, patch, patchType: typeof patchType === 'string' ? patchType : undefined };
}

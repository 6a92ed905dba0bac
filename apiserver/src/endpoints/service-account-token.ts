// POST serviceaccounts/{name}/token (authentication.k8s.io/v1 TokenRequest): a signed token for the
// ServiceAccount, for the audiences asked (the API's by default), valid expirationSeconds (3600 by
// default, at least 600, shortened to --service-account-max-token-expiration), and bound to a
// Pod, Secret or Node when boundObjectRef names one; kube's TokenREST.Create, its checks and words.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fieldInvalid, newBadRequest, newConflict, newInvalid, newInternalError, type FieldError } from '@capstan/common';
import type { WarningRecorder } from '../filters/request-context.ts';
import { admissionAttributes, type RequestAdmission } from '../admission/request-admission.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { metaTime, type JsonObject } from '../registry/object-meta.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { boundTokenClaims, type ObjectRef } from '../authentication/service-account-claims.ts';
import { unlessNotFound, type ServiceAccountObjects } from '../authentication/service-account-objects.ts';
import { extendedExpirationSeconds } from '../authentication/service-account-options.ts';
import type { ServiceAccountTokens } from '../authentication/service-account-tokens.ts';
import { namespaceOf } from './get.ts';
import { readJsonBody } from './read-body.ts';
import { sendJson } from './send-json.ts';

const tokenRequestKind = { group: 'authentication.k8s.io', kind: 'TokenRequest' };

/** kube's MinTokenAgeSec and the default of a TokenRequest's expirationSeconds. */
export const minTokenSeconds = 600;
const defaultTokenSeconds = 3600;
/** The expirationSeconds of the tokens the ServiceAccount admission injects (kube's WarnOnlyBoundTokenExpirationSeconds). */
export const injectedTokenSeconds = 3607;

/** What a TokenRequest is checked by and read from besides the request. */
export interface TokenRequestContext {
  readonly tokens: ServiceAccountTokens;
  readonly objects: ServiceAccountObjects;
  /** The admission of the request, asked about the TokenRequest as about any create of a subresource. */
  readonly admission: RequestAdmission;
  readonly definition: ResourceDefinition;
  readonly warnings: WarningRecorder;
}

export async function requestServiceAccountToken(context: TokenRequestContext, info: RequestInfo, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { tokens, objects, warnings } = context;
  const body = await readJsonBody(request, 'TokenRequest');
  const namespace = namespaceOf(info) ?? '';
  const name = info.name;
  // kube's admission attributes of the subresource: the serviceaccounts resource, the TokenRequest kind.
  const attributes = {
    ...admissionAttributes(context.admission, context.definition, { operation: 'CREATE', namespace, name, object: body, dryRun: false, subresource: 'token' }),
    kind: { group: tokenRequestKind.group, version: 'v1', kind: tokenRequestKind.kind },
  };
  await context.admission.chain.admit(attributes);
  const metadata = objectField(body.metadata, 'metadata');
  const spec = objectField(body.spec, 'spec');
  const asked = {
    name: stringField(metadata.name, 'metadata.name'),
    namespace: stringField(metadata.namespace, 'metadata.namespace'),
    uid: stringField(metadata.uid, 'metadata.uid'),
  };
  // The create handler's check comes first, so TokenREST's own check of the namespace is never reached.
  if (asked.namespace !== '' && asked.namespace !== namespace) throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
  if (asked.name !== '' && asked.name !== name)
    throw newInvalid(tokenRequestKind, name, [fieldInvalid('metadata.name', asked.name, 'must match the service account name if specified')]);
  const serviceAccount = await objects.serviceAccount(namespace, name);
  const accountUid = uidOf(serviceAccount);
  if (asked.uid !== '' && asked.uid !== accountUid) {
    throw newConflict(
      { group: tokenRequestKind.group, resource: tokenRequestKind.kind },
      name,
      `the UID in the token request (${asked.uid}) does not match the UID of the service account (${accountUid})`,
    );
  }
  const audiencesAsked = stringsField(spec.audiences, 'spec.audiences');
  const audiences = audiencesAsked.length === 0 ? [...tokens.options.apiAudiences] : audiencesAsked;
  let expirationSeconds =
    spec.expirationSeconds === undefined || spec.expirationSeconds === null ? defaultTokenSeconds : integerField(spec.expirationSeconds, 'spec.expirationSeconds');
  const now = new Date();
  const errors = expirationErrors(expirationSeconds);
  if (errors.length > 0) throw newInvalid(tokenRequestKind, '', errors);
  await context.admission.chain.validate(attributes);
  const boundObjectRef = spec.boundObjectRef === undefined || spec.boundObjectRef === null ? undefined : objectField(spec.boundObjectRef, 'spec.boundObjectRef');
  const bound = boundObjectRef === undefined ? {} : await boundObjectOf(objects, namespace, name, boundObjectRef);
  const { maxExpirationSeconds, extendExpiration } = tokens.options;
  if (maxExpirationSeconds > 0 && expirationSeconds > maxExpirationSeconds) {
    warnings.add(`requested expiration of ${expirationSeconds} seconds shortened to ${maxExpirationSeconds} seconds`);
    expirationSeconds = maxExpirationSeconds;
  }
  // The tokens the admission injects into pods are valid a year, and warn after their hour.
  let tokenSeconds = expirationSeconds;
  let warnAfterSeconds = 0;
  const apiAudiences = tokens.options.apiAudiences;
  if (extendExpiration && bound.pod !== undefined && expirationSeconds === injectedTokenSeconds && audiences.every((audience) => apiAudiences.includes(audience))) {
    warnAfterSeconds = expirationSeconds;
    tokenSeconds = extendedExpirationSeconds;
  }
  const claims = boundTokenClaims({
    issuer: tokens.issuer,
    serviceAccount: { namespace, name, uid: accountUid },
    audiences,
    expirationSeconds: tokenSeconds,
    warnAfterSeconds,
    ...bound,
    now,
    jti: randomUUID(),
  });
  let token: string;
  try {
    token = await tokens.sign(claims);
  } catch (error) {
    throw newInternalError(`failed to generate token: ${(error as Error).message}`);
  }
  sendJson(response, 201, {
    kind: 'TokenRequest',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { ...metadata, name, namespace, uid: accountUid, creationTimestamp: metaTime(now) },
    spec: { ...spec, audiences, expirationSeconds, boundObjectRef: boundObjectRef ?? null },
    status: { token, expirationTimestamp: metaTime(new Date(now.getTime() + expirationSeconds * 1000)) },
  });
}

/** kube's ValidateTokenRequest. */
export function expirationErrors(expirationSeconds: number): FieldError[] {
  const errors: FieldError[] = [];
  if (expirationSeconds < minTokenSeconds) errors.push(fieldInvalid('spec.expirationSeconds', expirationSeconds, 'may not specify a duration less than 10 minutes'));
  if (expirationSeconds > 2 ** 32) errors.push(fieldInvalid('spec.expirationSeconds', expirationSeconds, 'may not specify a duration larger than 2^32 seconds'));
  return errors;
}

interface BoundObjects {
  readonly pod?: ObjectRef;
  readonly secret?: ObjectRef;
  readonly node?: ObjectRef;
}

/** The object a token is bound to, read; kube's errors for a kind it cannot bind or a uid that moved on. */
async function boundObjectOf(objects: ServiceAccountObjects, namespace: string, serviceAccountName: string, ref: JsonObject): Promise<BoundObjects> {
  const apiVersion = stringField(ref.apiVersion, 'spec.boundObjectRef.apiVersion');
  const kind = stringField(ref.kind, 'spec.boundObjectRef.kind');
  const name = stringField(ref.name, 'spec.boundObjectRef.name');
  const uid = stringField(ref.uid, 'spec.boundObjectRef.uid');
  const { group, version } = groupVersionOf(apiVersion);
  let bound: BoundObjects;
  let boundUid: string;
  if (group === '' && kind === 'Pod') {
    const pod = await objects.pod(namespace, name);
    const spec = (pod.spec ?? {}) as { serviceAccountName?: string; nodeName?: string };
    if (serviceAccountName !== (spec.serviceAccountName ?? '')) {
      throw newBadRequest(`cannot bind token for serviceaccount ${JSON.stringify(serviceAccountName)} to pod running with different serviceaccount name.`);
    }
    boundUid = uidOf(pod);
    // The node of a scheduled pod goes into the token too; a node gone from the store by its name alone.
    const nodeName = spec.nodeName ?? '';
    const node = nodeName === '' ? undefined : await unlessNotFound(objects.node(nodeName));
    bound = { pod: { name, uid: boundUid }, ...(nodeName === '' ? {} : { node: { name: nodeName, uid: node === undefined ? '' : uidOf(node) } }) };
  } else if (group === '' && kind === 'Node') {
    boundUid = uidOf(await objects.node(name));
    bound = { node: { name, uid: boundUid } };
  } else if (group === '' && kind === 'Secret') {
    boundUid = uidOf(await objects.secret(namespace, name));
    bound = { secret: { name, uid: boundUid } };
  } else {
    throw newBadRequest(`cannot bind token to object of type ${group}/${version}, Kind=${kind}`);
  }
  if (uid !== '' && uid !== boundUid) {
    throw newConflict(
      { group, resource: kind },
      name,
      `the UID in the bound object reference (${uid}) does not match the UID in record. The object might have been deleted and then recreated`,
    );
  }
  return bound;
}

/** apimachinery's ParseGroupVersion as FromAPIVersionAndKind uses it: an unparsable version is the empty one. */
function groupVersionOf(apiVersion: string): { group: string; version: string } {
  if (apiVersion === '' || apiVersion === '/') return { group: '', version: '' };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: apiVersion };
  if (parts.length === 2) return { group: parts[0] as string, version: parts[1] as string };
  return { group: '', version: '' };
}

const uidOf = (object: JsonObject): string => (object.metadata as { uid?: string } | undefined)?.uid ?? '';

function objectField(value: unknown, field: string): JsonObject {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw newBadRequest(`${field} must be an object`);
  return value as JsonObject;
}

function stringField(value: unknown, field: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw newBadRequest(`${field} must be a string`);
  return value;
}

function stringsField(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw newBadRequest(`${field} must be a list of strings`);
  return value as string[];
}

function integerField(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw newBadRequest(`${field} must be an integer`);
  return value;
}

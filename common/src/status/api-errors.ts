// One constructor per kube-apiserver API error (apimachinery api/errors and content negotiation).

import { fieldErrorBody, fieldErrorMessage, type FieldError } from './field-error.ts';
import { goQuote } from './go-format.ts';
import type { StatusCause, StatusMetadata, StatusReason } from './status.ts';
import { failure, qualified, StatusError, type GroupKind, type GroupResource } from './status-error.ts';

export function newNotFound(resource: GroupResource, name: string): StatusError {
  return failure(404, 'NotFound', `${qualified(resource.resource, resource.group)} ${goQuote(name)} not found`, {
    name,
    group: resource.group,
    kind: resource.resource,
  });
}

export function newAlreadyExists(resource: GroupResource, name: string): StatusError {
  return failure(409, 'AlreadyExists', `${qualified(resource.resource, resource.group)} ${goQuote(name)} already exists`, {
    name,
    group: resource.group,
    kind: resource.resource,
  });
}

/** generateName ran out of attempts at a unique name. */
export function newGenerateNameConflict(resource: GroupResource, name: string, retryAfterSeconds: number): StatusError {
  const message = `${qualified(resource.resource, resource.group)} ${goQuote(name)} already exists, the server was not able to generate a unique name for the object`;
  return failure(409, 'AlreadyExists', message, { name, group: resource.group, kind: resource.resource, retryAfterSeconds });
}

export function newConflict(resource: GroupResource, name: string, error: Error | string): StatusError {
  return failure(409, 'Conflict', `Operation cannot be fulfilled on ${qualified(resource.resource, resource.group)} ${goQuote(name)}: ${text(error)}`, {
    name,
    group: resource.group,
    kind: resource.resource,
  });
}

/** Server-side apply conflicts: the causes name the conflicting managers and fields. */
export function newApplyConflict(causes: readonly StatusCause[], message: string): StatusError {
  return failure(409, 'Conflict', message, { causes });
}

/** Deprecated in kube in favour of newResourceExpired; kept for the places that still send it. */
export function newGone(message: string): StatusError {
  return failure(410, 'Gone', message);
}

export function newResourceExpired(message: string, metadata: StatusMetadata = {}): StatusError {
  return failure(410, 'Expired', message, undefined, metadata);
}

export function newInvalid(kind: GroupKind, name: string, errors: readonly FieldError[]): StatusError {
  const causes = errors.map((error): StatusCause => ({ reason: error.type, message: fieldErrorBody(error), field: error.field }));
  // The message lists each distinct error once; a single one goes without brackets.
  const messages = [...new Set(errors.map(fieldErrorMessage))];
  const subject = `${qualified(kind.kind, kind.group)} ${goQuote(name)} is invalid`;
  const message = messages.length === 0 ? subject : messages.length === 1 ? `${subject}: ${messages[0]}` : `${subject}: [${messages.join(', ')}]`;
  return failure(422, 'Invalid', message, { name, group: kind.group, kind: kind.kind, causes });
}

export function newBadRequest(message: string): StatusError {
  return failure(400, 'BadRequest', message);
}

export function newUnauthorized(message = ''): StatusError {
  return failure(401, 'Unauthorized', message === '' ? 'not authorized' : message);
}

/** With an empty resource the message is `forbidden: <reason>`; without a name, `<resource> is forbidden: <reason>`. */
export function newForbidden(resource: GroupResource, name: string, error: Error | string): StatusError {
  const target = qualified(resource.resource, resource.group);
  let message: string;
  if (resource.group === '' && resource.resource === '') message = `forbidden: ${text(error)}`;
  else if (name === '') message = `${target} is forbidden: ${text(error)}`;
  else message = `${target} ${goQuote(name)} is forbidden: ${text(error)}`;
  return failure(403, 'Forbidden', message, { name, group: resource.group, kind: resource.resource });
}

export function newMethodNotSupported(resource: GroupResource, action: string): StatusError {
  return failure(405, 'MethodNotAllowed', `${action} is not supported on resources of kind ${goQuote(qualified(resource.resource, resource.group))}`, {
    group: resource.group,
    kind: resource.resource,
  });
}

/** The 406 of content negotiation: `accepted` lists the media types the endpoint can write. */
export function newNotAcceptable(accepted: readonly string[]): StatusError {
  return failure(406, 'NotAcceptable', `only the following media types are accepted: ${accepted.join(', ')}`);
}

/** The 415 of a request body whose Content-Type no decoder reads. */
export function newUnsupportedMediaType(accepted: readonly string[]): StatusError {
  return failure(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`);
}

export function newRequestEntityTooLarge(message: string): StatusError {
  return failure(413, 'RequestEntityTooLarge', `Request entity too large: ${message}`);
}

/** A 429 that asks the client to come back; the retry delay also belongs in a Retry-After header. */
export function newTooManyRequests(message: string, retryAfterSeconds: number): StatusError {
  return failure(429, 'TooManyRequests', message, { retryAfterSeconds });
}

/** The eviction subresource's 429: the pod's PodDisruptionBudget does not allow it (now), the budget's word as a DisruptionBudget cause. */
export function newDisruptionBudgetViolation(cause: string, retryAfterSeconds: number): StatusError {
  return failure(429, 'TooManyRequests', "Cannot evict pod as it would violate the pod's disruption budget.", {
    retryAfterSeconds,
    causes: [{ reason: 'DisruptionBudget', message: cause }],
  });
}

/** A 429 for a request that was rejected outright (kube's NewTooManyRequestsError). */
export function newTooManyRequestsError(message: string): StatusError {
  return failure(429, 'TooManyRequests', `Too many requests: ${message}`);
}

/** A transient failure worth retrying: 500 with reason ServerTimeout, the operation in details.name. */
export function newServerTimeout(resource: GroupResource, operation: string, retryAfterSeconds: number): StatusError {
  const message = `The ${operation} operation against ${qualified(resource.resource, resource.group)} could not be completed at this time, please try again.`;
  return failure(500, 'ServerTimeout', message, { name: operation, group: resource.group, kind: resource.resource, retryAfterSeconds });
}

/** The request ran out of time; the operation may still complete. */
export function newTimeoutError(message: string, retryAfterSeconds: number): StatusError {
  return failure(504, 'Timeout', `Timeout: ${message}`, { retryAfterSeconds });
}

export function newServiceUnavailable(message: string): StatusError {
  return failure(503, 'ServiceUnavailable', message);
}

export function newInternalError(error: Error | string): StatusError {
  return failure(500, 'InternalError', `Internal error occurred: ${text(error)}`, { causes: [{ message: text(error) }] });
}

/**
 * kube's answer to an error a REST storage returns that is no Status (ErrorToAPIStatus' default):
 * a 500 with the error's text and no reason, e.g. "Component not found: x" of componentstatuses.
 */
export function newUnclassifiedError(message: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 });
}

function text(error: Error | string): string {
  return typeof error === 'string' ? error : error.message;
}

/**
 * kube's 422 for a request it could decode but not apply (a JSON patch whose path is missing, a
 * strategic merge patch of lists of lists): NewGenericServerResponse's, which keeps the reason
 * to itself.
 */
export function newUnprocessableEntity(): StatusError {
  return failure(422, 'Invalid', 'the server rejected our request due to an error in our request', {});
}

/**
 * kube's NewGenericServerResponse: the error a server's bare answer becomes, read from its status
 * code (the reason, a stock message) and suffixed with "(<verb> <resource> <name>)" (lower-cased
 * verb, which may be empty: the kubelet's answers give "( pods/log name)"). An unexpected answer
 * (what a client reads) keeps the server's text as an UnexpectedServerResponse cause.
 */
export function newGenericServerResponse(
  code: number,
  verb: string,
  resource: GroupResource,
  name: string,
  serverMessage: string,
  retryAfterSeconds = 0,
  isUnexpectedResponse = false,
): StatusError {
  const known = genericServerReasons[code];
  let reason: StatusReason = known?.[0] ?? '';
  let message = known?.[1] ?? `the server responded with the status code ${code} but did not return more information`;
  if (code === 409 && verb === 'POST') reason = 'AlreadyExists';
  if (code === 403 || code === 415) message = serverMessage;
  if (code === 406 && serverMessage !== '' && serverMessage !== 'unknown') message = serverMessage;
  if (known === undefined && code >= 500) {
    reason = 'InternalError';
    message = `an error on the server (${goQuote(serverMessage)}) has prevented the request from succeeding`;
  }
  if (resource.resource !== '') message += ` (${verb.toLowerCase()} ${qualified(resource.resource, resource.group)}${name === '' ? '' : ` ${name}`})`;
  const causes: StatusCause[] = isUnexpectedResponse ? [{ reason: 'UnexpectedServerResponse', message: serverMessage }] : [];
  const error = failure(code, reason, message, { name, group: resource.group, kind: resource.resource, causes, retryAfterSeconds });
  if (reason !== '') return error;
  // StatusReasonUnknown is "", which Go's encoder leaves out.
  const { reason: _unknown, ...status } = error.status;
  return new StatusError(status);
}

const genericServerReasons: Readonly<Record<number, readonly [StatusReason, string]>> = {
  400: ['BadRequest', 'the server rejected our request for an unknown reason'],
  401: ['Unauthorized', 'the server has asked for the client to provide credentials'],
  403: ['Forbidden', ''],
  404: ['NotFound', 'the server could not find the requested resource'],
  405: ['MethodNotAllowed', 'the server does not allow this method on the requested resource'],
  406: ['NotAcceptable', 'the server was unable to respond with a content type that the client supports'],
  409: ['Conflict', 'the server reported a conflict'],
  415: ['UnsupportedMediaType', ''],
  422: ['Invalid', 'the server rejected our request due to an error in our request'],
  429: ['TooManyRequests', 'the server has received too many requests and has asked us to try again later'],
  503: ['ServiceUnavailable', 'the server is currently unable to handle the request'],
  504: ['Timeout', 'the server was unable to return a response in the time allotted, but may still be processing the request'],
};

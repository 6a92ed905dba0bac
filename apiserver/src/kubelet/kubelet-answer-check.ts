// What a node agent's failed answer becomes for the client, as kube's GenericHttpResponseChecker
// maps a kubelet's: any status outside 200-206 is an error built from the status and the start of
// the body (500 InternalError and 400 BadRequest carry the body as their message; any other
// status reads as NewGenericServerResponse reads it, with an empty verb).

import { newBadRequest, newGenericServerResponse, newInternalError, type GroupResource, type StatusError } from '@capstan/common';

/** How much of a failed answer's body is read, as kube's maxReadLength. */
export const maxErrorBodyBytes = 50_000;

export const isSuccessfulAnswer = (status: number): boolean => status >= 200 && status <= 206;

export function kubeletAnswerError(status: number, body: string, resource: GroupResource, name: string): StatusError {
  if (status === 500) return newInternalError(body);
  if (status === 400) return newBadRequest(body);
  return newGenericServerResponse(status, '', resource, name, body);
}

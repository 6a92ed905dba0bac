// What the filters of one request know about it, filled in as it passes them: its Audit-Id, its
// RequestInfo, its user, its deadline and its warnings. The endpoints read it from here (kube keeps
// the same in the request's context.Context).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { newInternalError } from '@capstan/common';
import type { UserInfo } from '../authentication/authenticator.ts';
import type { RequestInfo } from '../request-info/request-info.ts';

export interface RequestContext {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  /** The request's URL, parsed once. */
  readonly url: URL;
  /** When the request arrived (ms since the epoch): the request deadline counts from it. */
  readonly receivedAt: number;
  /** Set by the audit-init filter. */
  auditId: string;
  /** Set by the request-info filter. */
  requestInfo: RequestInfo | undefined;
  /** Set by the authentication filter (and replaced by impersonation). */
  user: UserInfo | undefined;
  /** Set by the request-deadline filter for requests that are not long-running (ms since the epoch). */
  deadline: number | undefined;
  /** Set once the request timed out: the 504 is sent, whatever the endpoint does after is dropped. */
  timedOut: boolean;
  /** Replaced by the warning-recorder filter; until then warnings are dropped, as kube drops them without a recorder. */
  warnings: WarningRecorder;
  /** Set by the resource router when the request's API is deprecated (for apiserver_requested_deprecated_apis). */
  deprecatedApi: DeprecatedApi | undefined;
}

/** A deprecated API a request was served by: the release that removes it, "" when none is planned. */
export interface DeprecatedApi {
  readonly removedRelease: string;
}

/** Warnings for the client, sent as Warning headers (kube's warning.Recorder). */
export interface WarningRecorder {
  add(text: string): void;
}

export function newRequestContext(request: IncomingMessage, response: ServerResponse): RequestContext {
  return {
    request,
    response,
    url: new URL(request.url ?? '/', 'http://capstan'),
    receivedAt: Date.now(),
    auditId: '',
    requestInfo: undefined,
    user: undefined,
    deadline: undefined,
    timedOut: false,
    warnings: { add: () => {} },
    deprecatedApi: undefined,
  };
}

/** The request's RequestInfo; kube's 500 when the chain left it out. */
export function requestInfoOf(context: RequestContext): RequestInfo {
  if (context.requestInfo === undefined) throw newInternalError('no RequestInfo found in context, handler chain must be wrong');
  return context.requestInfo;
}

/** The request's user; kube's 500 when the chain left it out. */
export function userOf(context: RequestContext): UserInfo {
  if (context.user === undefined) throw newInternalError('no user found for request');
  return context.user;
}

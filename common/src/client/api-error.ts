// ApiError: an answer of the API server other than 2xx, carrying its Status (code, reason, message,
// details); an answer that is no Status gets one worded as client-go words it. Plus the usual tests
// on an error's reason, as apimachinery's errors package names them.

import { parseJson } from '../json/parse-json.ts';
import { fieldAt } from '../json/read-field.ts';
import { newGenericServerResponse } from '../status/api-errors.ts';
import type { FailureStatus, Status, StatusReason } from '../status/status.ts';
import { StatusError } from '../status/status-error.ts';
import type { ResourceTarget } from './resource-path.ts';

export class ApiError extends StatusError {
  override name = 'ApiError';
  /** The request that got this answer, e.g. `GET /api/v1/namespaces/default/configmaps/x`. */
  readonly request: string;

  constructor(status: FailureStatus, request: string) {
    super(status);
    this.request = request;
  }

  /** How long the server asks the client to wait before trying again, if it said. */
  get retryAfterSeconds(): number | undefined {
    return this.status.details?.retryAfterSeconds;
  }
}

export interface FailedResponse {
  readonly method: string;
  readonly path: string;
  readonly statusCode: number;
  readonly body: string;
  readonly contentType?: string | undefined;
  /** The Retry-After header, if any. */
  readonly retryAfter?: string | undefined;
  readonly target?: ResourceTarget | undefined;
}

export function apiErrorFromResponse(response: FailedResponse): ApiError {
  const request = `${response.method} ${response.path}`;
  const status = statusInBody(response.body);
  if (status !== undefined) return apiErrorFromStatus(status, request, response.statusCode, response.retryAfter);
  return new ApiError(unexpectedResponseStatus(response), request);
}

/** A Status read from an answer or a watch ERROR event; code and message filled in if missing. */
export function apiErrorFromStatus(status: Status, request: string, statusCode?: number, retryAfter?: string): ApiError {
  const code = status.code ?? statusCode ?? 500;
  const retryAfterSeconds = retryAfterHeaderSeconds(retryAfter);
  const details = retryAfterSeconds !== undefined && status.details?.retryAfterSeconds === undefined ? { ...status.details, retryAfterSeconds } : status.details;
  const failure: FailureStatus = {
    ...status,
    status: 'Failure',
    code,
    message: status.message ?? `the server responded with the status code ${code} but did not return more information`,
    ...(details === undefined ? {} : { details }),
  };
  return new ApiError(failure, request);
}

function statusInBody(body: string): Status | undefined {
  if (!body.trimStart().startsWith('{')) return undefined;
  try {
    const value = parseJson(body);
    return fieldAt(value, 'kind') === 'Status' ? (value as Status) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * client-go's reading of an error answer without a Status: the reason from the code, the method and
 * resource in the message, and the body (text answers only, at most 2 KiB) as the cause.
 */
function unexpectedResponseStatus(response: FailedResponse): FailureStatus {
  const text = /^text\//i.test(response.contentType ?? '') ? response.body.slice(0, maxUnstructuredText).trim() : 'unknown';
  const target = response.target;
  const resource = { group: target?.group ?? '', resource: target?.resource ?? '' };
  const retryAfterSeconds = retryAfterHeaderSeconds(response.retryAfter) ?? 0;
  return newGenericServerResponse(response.statusCode, response.method, resource, target?.name ?? '', text, retryAfterSeconds, true).status;
}

const maxUnstructuredText = 2048;

function retryAfterHeaderSeconds(header: string | undefined): number | undefined {
  if (header === undefined || !/^\d+$/.test(header.trim())) return undefined;
  const seconds = Number(header.trim());
  return seconds > 0 ? seconds : undefined;
}

function reasonOf(error: unknown): StatusReason | undefined {
  return error instanceof StatusError ? error.reason : undefined;
}

export const isAlreadyExists = (error: unknown): boolean => reasonOf(error) === 'AlreadyExists';
export const isConflict = (error: unknown): boolean => reasonOf(error) === 'Conflict';
export const isInvalid = (error: unknown): boolean => reasonOf(error) === 'Invalid';
export const isTooManyRequests = (error: unknown): boolean => reasonOf(error) === 'TooManyRequests' || (error instanceof StatusError && error.code === 429);
/** The resourceVersion or continue token asked for is older than the server keeps (410 Expired, or the older 410 Gone). */
export const isResourceExpired = (error: unknown): boolean => reasonOf(error) === 'Expired' || reasonOf(error) === 'Gone';

// The audit.k8s.io/v1 Event, one per stage of an audited request, and its two encodings: the JSON
// kube writes (fields in kube's order, empty ones left out) and kube's one-line legacy text.

import { goQuote } from '@capstan/common';
import type { UserInfo } from '../authentication/authenticator.ts';
import type { AuditLevel, AuditStage } from './audit-policy.ts';

/** The event's objectRef; empty fields are left out. */
export interface AuditObjectReference {
  readonly resource: string;
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  readonly apiGroup: string;
  readonly apiVersion: string;
  readonly resourceVersion: string;
  readonly subresource: string;
}

/** The event's responseStatus: a metav1.Status with the answer's code, and for a Status answer its other fields. */
export interface AuditResponseStatus {
  readonly status?: string;
  readonly message?: string;
  readonly reason?: string;
  readonly details?: unknown;
  readonly code: number;
}

/** An object already encoded as compact JSON, written into the event as it is. */
export interface EncodedObject {
  readonly json: string;
}

export interface AuditEvent {
  readonly level: AuditLevel;
  readonly auditID: string;
  readonly stage: AuditStage;
  readonly requestURI: string;
  readonly verb: string;
  /** authentication.k8s.io/v1 UserInfo: who sent the request, and who it acted as. */
  readonly user: UserInfo | undefined;
  readonly impersonatedUser: UserInfo | undefined;
  readonly sourceIPs: readonly string[];
  readonly userAgent: string;
  readonly objectRef: AuditObjectReference | undefined;
  readonly responseStatus: AuditResponseStatus | undefined;
  readonly requestObject: EncodedObject | undefined;
  readonly responseObject: EncodedObject | undefined;
  /** Microseconds since the epoch. */
  readonly requestReceivedTimestamp: number;
  readonly stageTimestamp: number;
  readonly annotations: Readonly<Record<string, string>> | undefined;
}

/** Each event's JSON, made once: the truncation measures what the backend then writes. */
const encoded = new WeakMap<AuditEvent, string>();

/** The event as kube's JSON encoder writes it, without the line's end. */
export function eventJson(event: AuditEvent): string {
  let json = encoded.get(event);
  if (json === undefined) {
    json = encodeEvent(event);
    encoded.set(event, json);
  }
  return json;
}

function encodeEvent(event: AuditEvent): string {
  let json = `{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"${event.level}","auditID":${JSON.stringify(event.auditID)},"stage":"${event.stage}"`;
  json += `,"requestURI":${JSON.stringify(event.requestURI)},"verb":${JSON.stringify(event.verb)},"user":${userJson(event.user)}`;
  if (event.impersonatedUser !== undefined) json += `,"impersonatedUser":${userJson(event.impersonatedUser)}`;
  if (event.sourceIPs.length > 0) json += `,"sourceIPs":${JSON.stringify(event.sourceIPs)}`;
  if (event.userAgent !== '') json += `,"userAgent":${JSON.stringify(event.userAgent)}`;
  if (event.objectRef !== undefined) json += `,"objectRef":${objectRefJson(event.objectRef)}`;
  if (event.responseStatus !== undefined) json += `,"responseStatus":${responseStatusJson(event.responseStatus)}`;
  if (event.requestObject !== undefined) json += `,"requestObject":${event.requestObject.json}`;
  if (event.responseObject !== undefined) json += `,"responseObject":${event.responseObject.json}`;
  json += `,"requestReceivedTimestamp":"${microTime(event.requestReceivedTimestamp)}","stageTimestamp":"${microTime(event.stageTimestamp)}"`;
  if (event.annotations !== undefined) json += `,"annotations":${JSON.stringify(event.annotations)}`;
  return htmlEscaped(`${json}}`);
}

/** Go's JSON encoder escapes <, >, & and the line separators in strings (the only place JSON has them). */
function htmlEscaped(json: string): string {
  return htmlUnsafe.test(json) ? json.replace(htmlUnsafeAll, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}

const htmlUnsafe = /[<>&\u2028\u2029]/;
const htmlUnsafeAll = /[<>&\u2028\u2029]/g;

function userJson(user: UserInfo | undefined): string {
  if (user === undefined) return '{}';
  const fields: Record<string, unknown> = {};
  if (user.username !== '') fields.username = user.username;
  if (user.uid !== '') fields.uid = user.uid;
  if (user.groups.length > 0) fields.groups = user.groups;
  if (Object.keys(user.extra).length > 0) fields.extra = user.extra;
  return JSON.stringify(fields);
}

const objectRefFields = ['resource', 'namespace', 'name', 'uid', 'apiGroup', 'apiVersion', 'resourceVersion', 'subresource'] as const;

function objectRefJson(ref: AuditObjectReference): string {
  const fields: Record<string, string> = {};
  for (const field of objectRefFields) if (ref[field] !== '') fields[field] = ref[field];
  return JSON.stringify(fields);
}

function responseStatusJson(status: AuditResponseStatus): string {
  const fields: Record<string, unknown> = { metadata: {} };
  if (status.status) fields.status = status.status;
  if (status.message) fields.message = status.message;
  if (status.reason) fields.reason = status.reason;
  if (status.details !== undefined) fields.details = status.details;
  if (status.code !== 0) fields.code = status.code;
  return JSON.stringify(fields);
}

/** metav1.MicroTime: RFC 3339 in UTC with six digits of fraction. */
export function microTime(micros: number): string {
  const seconds = Math.floor(micros / 1_000_000);
  const fraction = String(micros - seconds * 1_000_000).padStart(6, '0');
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${fraction}Z`;
}

/** Microseconds since the epoch, now. */
export const microNow = (): number => Math.round((performance.timeOrigin + performance.now()) * 1000);

/** kube's EventString: the --audit-log-format=legacy line, without its end. */
export function eventLegacyLine(event: AuditEvent): string {
  const user = event.user?.username ?? '';
  const groups = user !== '' && event.user !== undefined && event.user.groups.length > 0 ? quotedList(event.user.groups) : '<none>';
  const as = event.impersonatedUser?.username ?? '<self>';
  const asGroups = event.impersonatedUser === undefined ? '<lookup>' : quotedList(event.impersonatedUser.groups);
  const namespace = event.objectRef?.namespace || '<none>';
  const response = event.responseStatus === undefined ? '<deferred>' : String(event.responseStatus.code);
  const fields: [string, string][] = [
    ['id', event.auditID],
    ['stage', event.stage],
    ['ip', event.sourceIPs[0] ?? '<unknown>'],
    ['method', event.verb],
    ['user', user === '' ? '<none>' : user],
    ['groups', groups],
    ['as', as],
    ['asgroups', asGroups],
    ['user-agent', event.userAgent],
    ['namespace', namespace],
    ['uri', event.requestURI],
  ];
  // Go's RFC3339Nano drops the fraction's trailing zeros.
  const received = microTime(event.requestReceivedTimestamp).replace(/\.?0+Z$/, 'Z');
  return `${received} AUDIT: ${fields.map(([key, value]) => `${key}=${goQuote(value)}`).join(' ')} response="${response}"`;
}

const quotedList = (values: readonly string[]): string => values.map(goQuote).join(',');

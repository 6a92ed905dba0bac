// The audit of one request (kube's AuditContext): the event its stages share, filled in as the
// request goes (its body, its authorization, its answer), and written to the backends at each stage
// the policy keeps. Endpoints and filters reach it through the request (auditOf), so a request
// that is not audited costs one lookup that finds nothing.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Status } from '@capstan/common';
import type { UserInfo } from '../authentication/authenticator.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { defaultedObject, kindWritesOf } from '../registry/write-preparation.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import type { AuditEvent, AuditObjectReference, AuditResponseStatus, EncodedObject } from './audit-event.ts';
import { microNow } from './audit-event.ts';
import { levelAtLeast, type AuditLevel, type AuditStage } from './audit-policy.ts';
import { encodedRequestObject, encodedResponseObject, objectMetaOf, type RecordedBody, type RecordedResponse } from './audited-objects.ts';
import type { RequestAuditConfig } from './policy-rule-evaluator.ts';
import { sourceIPsOf } from './source-ips.ts';

/** Where events go: the union of the backends. False when an event could not be stored (only blocking-strict says so). */
export interface AuditSink {
  processEvent(event: AuditEvent): boolean | Promise<boolean>;
}

const audits = new WeakMap<IncomingMessage, RequestAudit>();

/** The audit of a request, when it is audited. */
export const auditOf = (request: IncomingMessage): RequestAudit | undefined => audits.get(request);

/** kube's AddAuditAnnotation: a fact for the request's event (authorization's decision, an admission plugin's finding). */
export function addAuditAnnotation(request: IncomingMessage, key: string, value: string): void {
  audits.get(request)?.addAnnotation(key, value);
}

/** kube's maxUserAgentLength: longer user agents are cut, and say so. */
const maxUserAgentLength = 1024;

export class RequestAudit {
  readonly config: RequestAuditConfig;
  readonly #sink: AuditSink;
  readonly #request: IncomingMessage;
  readonly #info: RequestInfo;
  readonly #auditId: string;
  readonly #user: UserInfo | undefined;
  readonly #sourceIPs: readonly string[];
  readonly #userAgent: string;
  readonly #receivedAt: number;
  #objectRef: AuditObjectReference | undefined;
  #annotations: Record<string, string> | undefined;
  #impersonatedUser: UserInfo | undefined;
  #responseStatus: AuditResponseStatus | undefined;
  #requestBody: RecordedBody | undefined;
  #response: RecordedResponse | undefined;
  #requestObject: EncodedObject | undefined;
  #responseObject: EncodedObject | undefined;
  #responseStarted = false;
  #finished = false;
  #defaulted: ((object: JsonObject) => JsonObject) | undefined;

  constructor(config: RequestAuditConfig, sink: AuditSink, request: IncomingMessage, context: { auditId: string; user: UserInfo | undefined; info: RequestInfo }) {
    this.config = config;
    this.#sink = sink;
    this.#request = request;
    this.#info = context.info;
    this.#auditId = context.auditId;
    this.#user = context.user;
    this.#sourceIPs = sourceIPsOf(request);
    const agent = request.headers['user-agent'] ?? '';
    this.#userAgent = agent.length > maxUserAgentLength ? `${agent.slice(0, maxUserAgentLength)}...TRUNCATED` : agent;
    this.#receivedAt = microNow();
    const { info } = context;
    if (info.isResourceRequest) {
      this.#objectRef = {
        resource: info.resource,
        namespace: info.namespace,
        name: info.name,
        uid: '',
        apiGroup: info.apiGroup,
        apiVersion: info.apiVersion,
        resourceVersion: '',
        subresource: info.subresource,
      };
    }
    audits.set(request, this);
  }

  /** Writes the event of a stage unless the policy omits it; false when a strict backend could not store it. */
  process(stage: AuditStage): boolean | Promise<boolean> {
    // Once complete, an answer written after (the Status of an error, sent outside the filter) is no new stage.
    if (this.#finished || (stage === 'ResponseStarted' && this.#responseStarted)) return true;
    if (stage === 'ResponseStarted') this.#responseStarted = true;
    if (stage === 'ResponseComplete' || stage === 'Panic') this.#finished = true;
    if (this.config.omitStages.has(stage)) return true;
    return this.#sink.processEvent(this.#event(stage));
  }

  /** For long-running requests: ResponseStarted once the answer's head goes out (kube's auditResponseWriter). */
  processResponseStartOf(response: ServerResponse): void {
    const writeHead = response.writeHead;
    // Node writes an implicit head through writeHead too, so this sees every answer.
    response.writeHead = ((...args: Parameters<typeof writeHead>) => {
      response.writeHead = writeHead;
      this.setResponseCode(args[0]);
      void this.process('ResponseStarted');
      return writeHead.apply(response, args);
    }) as typeof writeHead;
  }

  get responseStarted(): boolean {
    return this.#responseStarted;
  }

  /** `level`: kube's AddAnnotationWithLevel, for an annotation only events of that level or more hold (a webhook's patch). */
  addAnnotation(key: string, value: string, level: AuditLevel = 'Metadata'): void {
    if (!levelAtLeast(this.config.level, level)) return;
    this.#annotations ??= {};
    // kube keeps the first value a key is given.
    if (!(key in this.#annotations)) this.#annotations[key] = value;
  }

  /** The user the request acts as, once impersonation replaced the authenticated one. */
  setImpersonatedUser(user: UserInfo): void {
    if (user !== this.#user) this.#impersonatedUser = user;
  }

  /** The request's body as read: decoded for the event when the stages that show it come. */
  recordRequestBody(bytes: Buffer, mediaType: string): void {
    this.#requestBody = { bytes, mediaType, patch: this.#info.verb === 'patch' };
  }

  /** The resource's kind: the object sent is shown defaulted, as kube's decoding defaults it. */
  defaultObjectsAs(definition: ResourceDefinition): void {
    const writes = kindWritesOf(definition);
    this.#defaulted = (object) => defaultedObject(writes, object);
  }

  /** The object answered, before its encoding (kube logs every answer as JSON). */
  recordResponseObject(object: unknown): void {
    if (isStatus(object)) this.recordStatus(object);
    if (levelAtLeast(this.config.level, 'RequestResponse') && this.#response === undefined) this.#response = { object };
  }

  /** The bytes answered, when they are JSON and no object was recorded for them. */
  recordResponseJson(bytes: Uint8Array): void {
    if (levelAtLeast(this.config.level, 'RequestResponse') && this.#response === undefined) this.#response = { json: bytes };
  }

  /** A Status answered (an error, or a delete's Success): the event's responseStatus at every level. */
  recordStatus(status: Status): void {
    this.#responseStatus = {
      ...(status.status === undefined ? {} : { status: status.status }),
      ...(status.message === undefined ? {} : { message: status.message }),
      ...(status.reason === undefined ? {} : { reason: status.reason }),
      ...(status.details === undefined ? {} : { details: status.details }),
      code: status.code ?? this.#responseStatus?.code ?? 0,
    };
  }

  setResponseCode(code: number): void {
    this.#responseStatus = { ...this.#responseStatus, code };
  }

  get responseStatus(): AuditResponseStatus | undefined {
    return this.#responseStatus;
  }

  /** Decodes what the last stages show: the request's body and the answer. */
  async prepareObjects(): Promise<void> {
    const body = this.#requestBody;
    if (body !== undefined) {
      this.#requestBody = undefined;
      const decoded = await encodedRequestObject(body, this.config, this.#defaulted);
      if (decoded !== undefined) {
        if (!body.patch && decoded.object !== undefined) this.#fillObjectRef(decoded.object);
        this.#requestObject = decoded.encoded;
      }
    }
    if (this.#response !== undefined) {
      this.#responseObject = encodedResponseObject(this.#response, this.config);
      this.#response = undefined;
    }
  }

  /** kube's LogRequestObject: what the path left out of objectRef, from the object sent. */
  #fillObjectRef(object: unknown): void {
    const ref = this.#objectRef;
    const meta = objectMetaOf(object);
    if (ref === undefined || meta === undefined) return;
    this.#objectRef = {
      ...ref,
      namespace: ref.namespace || meta.namespace,
      name: ref.name || meta.name,
      uid: ref.uid || meta.uid,
      resourceVersion: ref.resourceVersion || meta.resourceVersion,
    };
  }

  #event(stage: AuditStage): AuditEvent {
    const last = stage !== 'RequestReceived';
    return {
      level: this.config.level,
      auditID: this.#auditId,
      stage,
      requestURI: this.#request.url ?? '/',
      verb: this.#info.verb,
      user: this.#user,
      impersonatedUser: last ? this.#impersonatedUser : undefined,
      sourceIPs: this.#sourceIPs,
      userAgent: this.#userAgent,
      objectRef: this.#objectRef,
      responseStatus: this.#responseStatus,
      requestObject: last && levelAtLeast(this.config.level, 'Request') ? this.#requestObject : undefined,
      responseObject: last ? this.#responseObject : undefined,
      requestReceivedTimestamp: this.#receivedAt,
      stageTimestamp: stage === 'RequestReceived' ? this.#receivedAt : microNow(),
      annotations: this.#annotations === undefined ? undefined : { ...this.#annotations },
    };
  }
}

function isStatus(object: unknown): object is Status {
  return typeof object === 'object' && object !== null && (object as { kind?: unknown }).kind === 'Status';
}

// kube's WithAudit: each request the policy audits gets its events, RequestReceived before it is
// served, ResponseStarted when a long-running answer (a watch, a stream) begins, ResponseComplete
// once it is answered, or Panic when it failed with something that is no Status. Without
// --audit-policy-file the filter is no more than a call of the next one.
// kube's WithFailedAuthenticationAudit is here too: the one event (ResponseStarted) of a request
// whose credentials were refused, placed before authentication, which throws its 401.

import { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { StatusError } from '@capstan/common';
import type { Audit } from '../audit/audit-setup.ts';
import { RequestAudit } from '../audit/request-audit.ts';
import { isUpgradeRequest } from '../endpoints/upgrade-response.ts';
import type { Filter } from './filter-chain.ts';
import { isLongRunning } from './long-running.ts';
import { requestInfoOf, type RequestContext } from './request-context.ts';

const passThrough: Filter = (_context, next) => next();

export function audit(audit: Audit | undefined): Filter {
  if (audit === undefined) return passThrough;
  const { evaluate, backend, inFlight } = audit;
  return (context, next) => {
    const info = requestInfoOf(context);
    const config = evaluate({ user: context.user, info });
    if (config.level === 'None') return next();
    const record = new RequestAudit(config, backend, context.request, { auditId: context.auditId, user: context.user, info });
    const served = audited(record, context, next);
    // Kept until its last event is written, for a shutdown to wait on.
    const settled: Promise<void> = served.then(
      () => void inFlight.delete(settled),
      () => void inFlight.delete(settled),
    );
    inFlight.add(settled);
    return served;
  };
}

async function audited(record: RequestAudit, context: RequestContext, next: () => Promise<void>): Promise<void> {
  const stored = record.process('RequestReceived');
  if (!(stored instanceof Promise ? await stored : stored)) return failedToStore(context);
  const longRunning = isLongRunning(requestInfoOf(context));
  if (longRunning) record.processResponseStartOf(context.response);
  try {
    await next();
  } catch (error) {
    if (!(error instanceof StatusError)) {
      // What panic-recovery answers with a 500; kube's Panic stage, in its words.
      const message = `APIServer panic'd: ${error instanceof Error ? error.message : String(error)}`;
      record.recordStatus({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'InternalError', code: 500 });
      await record.process('Panic');
      throw error;
    }
    // Answered by panic-recovery, outside this filter: the event shows the Status it sends.
    record.recordResponseObject(error.status);
    // No stream to wait for: the Status is sent once this filter lets it through.
    await complete(record, context, longRunning, false);
    throw error;
  }
  await complete(record, context, longRunning, true);
}

async function complete(record: RequestAudit, context: RequestContext, longRunning: boolean, served: boolean): Promise<void> {
  const { request, response } = context;
  // An upgrade whose socket an endpoint took (exec, attach, port-forward) answered 101 on it: kube's Hijack.
  const hijacked = isUpgradeRequest(request) && !response.headersSent && record.responseStatus === undefined;
  if (hijacked) record.setResponseCode(101);
  if (longRunning && served) {
    if (!record.responseStarted && (hijacked || response.headersSent)) await record.process('ResponseStarted');
    // A stream's endpoint returns once the stream is set up: the request is complete when it ends.
    await ended(hijacked ? request.socket : response);
  }
  if (response.headersSent) record.setResponseCode(response.statusCode);
  else if (record.responseStatus === undefined)
    record.recordStatus({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', message: 'Connection closed early', code: 200 });
  if (longRunning && !record.responseStarted) await record.process('ResponseStarted');
  if (context.user !== undefined) record.setImpersonatedUser(context.user);
  await record.prepareObjects();
  await record.process('ResponseComplete');
}

function ended(stream: ServerResponse | Duplex): Promise<void> | undefined {
  const done = stream instanceof ServerResponse ? stream.writableFinished || stream.destroyed : stream.destroyed;
  return done ? undefined : new Promise((resolve) => stream.once('close', () => resolve()));
}

/** kube's InternalError when a blocking-strict backend could not store the RequestReceived event. */
function failedToStore({ request, response }: { request: RequestContext['request']; response: ServerResponse }): void {
  response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
  response.end(`Internal Server Error: ${JSON.stringify(request.url ?? '')}: failed to store audit event\n`);
}

export function failedAuthenticationAudit(audit: Audit | undefined): Filter {
  if (audit === undefined) return passThrough;
  const { evaluate, backend } = audit;
  return async (context, next) => {
    try {
      await next();
    } catch (error) {
      // Only authentication's own refusal: it throws before any user is known.
      if (context.user === undefined && error instanceof StatusError && error.code === 401) {
        const info = requestInfoOf(context);
        const config = evaluate({ user: undefined, info });
        if (config.level !== 'None') {
          const record = new RequestAudit(config, backend, context.request, { auditId: context.auditId, user: undefined, info });
          record.recordResponseObject(error.status);
          await record.process('ResponseStarted');
        }
      }
      throw error;
    }
  };
}

// The filters every request passes before the router, in kube-apiserver's order
// (DefaultBuildHandlerChain, outermost first). Each is a small function over the request's
// context that calls `next` to go on, or throws the Status the client gets.
//
//   audit-init        Audit-Id on every answer
//   panic-recovery    anything thrown inside becomes a Status, never a crash
//   request-info      verb, group, version, resource, name, ...
//   latency-trackers  the webhook and queue times left out of the SLI latency
//   cache-control     no-cache, private
//   request-deadline  --request-timeout, or a shorter ?timeout= (400 when it is no duration)
//   request-timeout   504 Timeout once the deadline passes
//   warning-recorder  Warning headers
//   failed-authentication-audit  the audit event of a request authentication refuses
//   authentication    who the request comes from (401 for refused credentials, or none without --anonymous-auth)
//   audit             audit events under --audit-policy-file, to the log and webhook backends
//   impersonation     Impersonate-* headers, each allowed by the authorizer (`impersonate`)
//   max-in-flight     API priority and fairness (429 past a priority level's seats), or the max-in-flight limit
//   authorization     may the user do it (403 when not)
//   request-metrics   apiserver_request_total and the other request metrics, once answered
// authentication, audit, impersonation, max-in-flight and authorization are timed, up to handing
// the request on, in apiserver_request_filter_duration_seconds (kube's filter latency).
//   -> the router: health, discovery, OpenAPI, /version, the resources

import type { Logger } from '@capstan/common';
import type { Authenticator } from '../authentication/authenticator.ts';
import type { Authorizer } from '../authorization/authorizer.ts';
import type { Audit } from '../audit/audit-setup.ts';
import type { RequestLimiter } from '../flowcontrol/request-limiter.ts';
import { PriorityAndFairness } from '../flowcontrol/priority-and-fairness.ts';
import { audit, failedAuthenticationAudit } from './audit.ts';
import { auditInit } from './audit-init.ts';
import { authentication } from './authentication.ts';
import { authorization } from './authorization.ts';
import { cacheControl } from './cache-control.ts';
import { impersonation } from './impersonation.ts';
import { maxInFlight } from './max-in-flight.ts';
import { panicRecovery } from './panic-recovery.ts';
import type { RequestContext } from './request-context.ts';
import { requestDeadline } from './request-deadline.ts';
import { withRequestInfo } from './request-info.ts';
import { requestTimeout } from './request-timeout.ts';
import { instrumentRequest } from './request-metrics.ts';
import { latencyTrackers, trackFilterLatency } from '../metrics/filter-latency.ts';
import { instrumentedAuthenticator } from '../authentication/authentication-metrics.ts';
import { instrumentedAuthorizer } from '../authorization/authorization-metrics.ts';
import { warningRecorder } from './warning-recorder.ts';

export type Handler = (context: RequestContext) => Promise<void>;
export type Filter = (context: RequestContext, next: () => Promise<void>) => Promise<void>;

export interface FilterChainOptions {
  readonly logger: Logger;
  /** --request-timeout: the longest a request that is not long-running may take. */
  readonly requestTimeoutMs: number;
  readonly authenticator: Authenticator;
  readonly authorizer: Authorizer;
  /** --audit-policy-file and its backends; nothing is audited when absent. */
  readonly audit?: Audit | undefined;
  /** Flow control (apiserver/src/flowcontrol/); no limit when absent. */
  readonly flowControl?: RequestLimiter | undefined;
}

/** The filters, outermost first. */
export function filterChain(options: FilterChainOptions): readonly Filter[] {
  return [
    auditInit,
    panicRecovery(options.logger),
    withRequestInfo,
    latencyTrackers,
    cacheControl,
    requestDeadline(options.requestTimeoutMs),
    requestTimeout,
    warningRecorder,
    failedAuthenticationAudit(options.audit),
    trackFilterLatency('authentication', authentication(instrumentedAuthenticator(options.authenticator))),
    trackFilterLatency('audit', audit(options.audit)),
    trackFilterLatency('impersonation', impersonation(options.authorizer)),
    // kube times priority and fairness, not the max-in-flight limit that replaces it.
    options.flowControl instanceof PriorityAndFairness ? trackFilterLatency('priorityandfairness', maxInFlight(options.flowControl)) : maxInFlight(options.flowControl),
    trackFilterLatency('authorization', authorization(instrumentedAuthorizer(options.authorizer))),
    instrumentRequest,
  ];
}

/** The handler wrapped in the filters: the first filter sees the request first. */
export function withFilters(filters: readonly Filter[], handler: Handler): Handler {
  return filters.reduceRight<Handler>((inner, filter) => (context) => filter(context, () => inner(context)), handler);
}

// The annotations kube's filters and admission put on a request's audit event. Each is one lookup
// that finds nothing when the request is not audited.

import type { IncomingMessage } from 'node:http';
import type { AuthorizationDecision } from '../authorization/authorizer.ts';
import type { AuditLevel } from './audit-policy.ts';
import { auditOf } from './request-audit.ts';

/** kube's authorization filter: the decision (allow or forbid) and the authorizer's reason. */
export function recordAuthorizationDecision(request: IncomingMessage, decision: AuthorizationDecision): void {
  const audit = auditOf(request);
  if (audit === undefined) return;
  audit.addAnnotation('authorization.k8s.io/decision', decision.decision === 'allow' ? 'allow' : 'forbid');
  audit.addAnnotation('authorization.k8s.io/reason', decision.reason);
}

/** kube's annotations of a request to a deprecated API version (k8s.io/deprecated, and k8s.io/removed-release when one is planned). */
export function recordDeprecatedApi(request: IncomingMessage, removedRelease = ''): void {
  const audit = auditOf(request);
  if (audit === undefined) return;
  audit.addAnnotation('k8s.io/deprecated', 'true');
  if (removedRelease !== '') audit.addAnnotation('k8s.io/removed-release', removedRelease);
}

const noAnnotations = (): void => {};

/**
 * Where an admission plugin's annotations go (kube's admission.Attributes.AddAnnotation, copied to
 * the event by admission.WithAudit): the request's event, or nowhere when it is not audited. Keys are
 * `<plugin's domain>/<name>`, e.g. pod-security.kubernetes.io/enforce-policy.
 */
export function auditAnnotator(request: IncomingMessage): (key: string, value: string, level?: AuditLevel) => void {
  const audit = auditOf(request);
  return audit === undefined ? noAnnotations : (key, value, level) => audit.addAnnotation(key, value, level);
}

// Builds what the audit filters need from the audit flags, as kube's AuditOptions.ApplyTo does:
// the policy's evaluator, and the union of the log and webhook backends in their modes. Without a
// policy file nothing is audited (kube only notes that the backends get no events).

import type { Logger } from '@capstan/common';
import { blockingBackend, unionBackend, type AuditBackend, type EventSender } from './audit-backend.ts';
import type { AuditOptions, BackendMode } from './audit-flags.ts';
import { loadAuditPolicy } from './audit-policy.ts';
import { BatchBuffer } from './batch-buffer.ts';
import { logSender, standardOutput } from './log-backend.ts';
import { policyRuleEvaluator, type PolicyRuleEvaluator } from './policy-rule-evaluator.ts';
import { RotatingLogFile } from './rotating-log-file.ts';
import { truncatingBackend } from './truncate-backend.ts';
import { webhookSender } from './webhook-backend.ts';

export interface Audit {
  readonly evaluate: PolicyRuleEvaluator;
  readonly backend: AuditBackend;
  /** The audited requests whose last event is still to come. */
  readonly inFlight: Set<Promise<void>>;
}

/** How long a shutdown waits for the last events of requests still going once the listener closed. */
const lastEventsWaitMs = 5000;

/** At shutdown, once the listener has closed: the last events of the requests still going, then the backends' buffers. */
export async function shutdownAudit(audit: Audit): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, lastEventsWaitMs);
  });
  await Promise.race([Promise.allSettled(audit.inFlight), waited]);
  clearTimeout(timer);
  await audit.backend.shutdown();
}

/** The audit the flags ask for, or undefined when there is none; throws kube's start-up errors. */
export async function auditOf(options: AuditOptions, logger: Logger): Promise<Audit | undefined> {
  if (options.policyFile === '') {
    if (options.log !== undefined || options.webhook !== undefined) logger.info('No audit policy file provided, no events will be recorded');
    return undefined;
  }
  const policy = loadAuditPolicy(options.policyFile, (message) => logger.warn(message));
  const backends: AuditBackend[] = [];
  if (options.log !== undefined) {
    const { path, format, mode } = options.log;
    let sender: EventSender;
    if (path === '-') sender = logSender(standardOutput, format, logger);
    else {
      const file = new RotatingLogFile(path, options.log, (error) => logger.error({ err: error, path }, 'removing old audit log files failed'));
      await file.ensure().catch((error: unknown) => {
        throw new Error(`ensureLogFile: ${(error as Error).message}`);
      });
      sender = logSender(file, format, logger);
    }
    backends.push(backendIn(sender, mode, logger));
  }
  if (options.webhook !== undefined) {
    const { configFile, initialBackoffMs, mode } = options.webhook;
    backends.push(backendIn(webhookSender(configFile, initialBackoffMs, logger), mode, logger));
  }
  if (backends.length === 0) return undefined;
  return { evaluate: policyRuleEvaluator(policy), backend: unionBackend(backends), inFlight: new Set() };
}

/** kube's wrapping: the sender in its mode, truncated in front when asked. */
function backendIn(sender: EventSender, { mode, batch, truncate }: BackendMode, logger: Logger): AuditBackend {
  const backend = mode === 'batch' ? new BatchBuffer(sender, batch, logger) : blockingBackend(sender, mode === 'blocking-strict');
  return truncate === undefined ? backend : truncatingBackend(backend, truncate, logger);
}

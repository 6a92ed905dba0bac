// kube's audit backends and their modes: a sender that stores events (the log file, the webhook),
// asked per event and awaited (blocking: a failure is logged; blocking-strict: a failure fails the
// request) or fed through a buffer that sends in batches (batch-buffer.ts).

import type { Logger } from '@capstan/common';
import type { AuditEvent } from './audit-event.ts';
import type { AuditSink } from './request-audit.ts';

/** Stores a batch of events; false when it could not (the failure is the sender's to log). */
export interface EventSender {
  readonly name: string;
  send(events: readonly AuditEvent[]): Promise<boolean>;
  /** Once nothing more will be sent: release files and connections. */
  close(): Promise<void>;
}

export interface AuditBackend extends AuditSink {
  /** Stores what is still buffered, then closes: nothing accepted before is lost. */
  shutdown(): Promise<void>;
}

export const auditModes = ['batch', 'blocking', 'blocking-strict'] as const;
export type AuditMode = (typeof auditModes)[number];

/** kube's blocking (errors ignored) and blocking-strict modes. */
export function blockingBackend(sender: EventSender, strict: boolean): AuditBackend {
  return {
    processEvent: async (event) => {
      const stored = await sender.send([event]);
      return stored || !strict;
    },
    shutdown: () => sender.close(),
  };
}

/** kube's union backend: every event to every backend. */
export function unionBackend(backends: readonly AuditBackend[]): AuditBackend {
  if (backends.length === 1 && backends[0] !== undefined) return backends[0];
  return {
    processEvent: async (event) => {
      const stored = await Promise.all(backends.map((backend) => backend.processEvent(event)));
      return stored.every(Boolean);
    },
    shutdown: async () => {
      await Promise.all(backends.map((backend) => backend.shutdown()));
    },
  };
}

/** kube's HandlePluginError: what was lost, and why. */
export function logPluginError(logger: Logger, plugin: string, error: unknown, events: readonly AuditEvent[]): void {
  logger.error({ err: error, plugin, events: events.length }, `Error in audit plugin '${plugin}' affecting ${events.length} audit events`);
}

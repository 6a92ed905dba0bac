// kube's truncate audit backend (--audit-*-truncate-enabled): an event whose JSON is larger than
// --audit-*-truncate-max-event-size loses its request and response objects and is marked
// audit.k8s.io/truncated; one still too large is dropped and the loss reported. (kube also splits
// multi-event calls into batches of --audit-*-truncate-max-batch-size; the audit filter hands over
// one event at a time, so there is nothing to split here.)

import type { Logger } from '@capstan/common';
import { eventJson, type AuditEvent } from './audit-event.ts';
import { logPluginError, type AuditBackend } from './audit-backend.ts';
import { levelAtLeast } from './audit-policy.ts';

export interface TruncateConfig {
  readonly maxEventSize: number;
  readonly maxBatchSize: number;
}

export function truncatingBackend(delegate: AuditBackend, config: TruncateConfig, logger: Logger): AuditBackend {
  return {
    processEvent: (event) => {
      let kept = event;
      if (sizeOf(kept) > config.maxEventSize && levelAtLeast(kept.level, 'Request')) kept = truncated(kept);
      if (sizeOf(kept) > config.maxEventSize) {
        logPluginError(logger, 'truncate', new Error('event is too large even after truncating'), [kept]);
        return true;
      }
      return delegate.processEvent(kept);
    },
    shutdown: () => delegate.shutdown(),
  };
}

const sizeOf = (event: AuditEvent): number => Buffer.byteLength(eventJson(event));

function truncated(event: AuditEvent): AuditEvent {
  return { ...event, requestObject: undefined, responseObject: undefined, annotations: { ...event.annotations, 'audit.k8s.io/truncated': 'true' } };
}

// kube's log audit backend (--audit-log-path): one line per event, JSON (audit.k8s.io/v1 Event) or
// kube's legacy text, to the rotating file or to standard output for "-".

import type { Logger } from '@capstan/common';
import { eventJson, eventLegacyLine } from './audit-event.ts';
import { logPluginError, type EventSender } from './audit-backend.ts';

export const auditLogFormats = ['legacy', 'json'] as const;
export type AuditLogFormat = (typeof auditLogFormats)[number];

/** Where the lines go: the rotating file, or standard output. */
export interface LineSink {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

export function logSender(sink: LineSink, format: AuditLogFormat, logger: Logger): EventSender {
  const line = format === 'json' ? eventJson : eventLegacyLine;
  return {
    name: 'log',
    send: async (events) => {
      let text = '';
      for (const event of events) text += `${line(event)}\n`;
      try {
        await sink.write(text);
        return true;
      } catch (error) {
        logPluginError(logger, 'log', error, events);
        return false;
      }
    },
    close: () => sink.close(),
  };
}

/** Standard output, for --audit-log-path=-: each write resolves once handed to the stream. */
export const standardOutput: LineSink = {
  write: (text) => new Promise((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve()))),
  close: async () => {},
};

// The one logger of every Capstan process: pino, JSON lines for machines, or a readable form for a terminal.

import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import { LogDestination } from './log-destination.ts';

export type { Logger };

export type LoggingFormat = 'json' | 'text';
export const loggingFormats: readonly LoggingFormat[] = ['json', 'text'];

export interface LoggerOptions {
  readonly name: string;
  readonly level?: string;
  /** Unset: text when standard error is a terminal, JSON otherwise. */
  readonly format?: LoggingFormat;
}

let standardErrorDestination: LogDestination | undefined;

/** One queue for standard error, however many loggers a process makes: never blocks and never throws (a full disk or a stalled pipe drops lines and counts them). */
function standardError(): LogDestination {
  standardErrorDestination ??= new LogDestination(2);
  return standardErrorDestination;
}

export function createLogger(options: LoggerOptions): Logger {
  const format = options.format ?? (process.stderr.isTTY ? 'text' : 'json');
  const settings = { name: options.name, level: options.level ?? 'info' };
  const destination = standardError();
  if (format === 'json') return pino(settings, destination);
  // Loaded only for a terminal: services log JSON and should not pay its start-up time.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  // pino-pretty pipes into a stream: this one hands each line on and never pushes back.
  const toDestination = new Writable({
    write: (chunk: Buffer | string, _encoding, done) => {
      destination.write(chunk.toString());
      done();
    },
  });
  return pino(settings, pretty({ destination: toDestination, colorize: process.stderr.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
}

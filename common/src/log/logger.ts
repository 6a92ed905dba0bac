// The one logger of every Capstan process: pino, JSON lines for machines, or a readable form for a terminal.

import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';

export type { Logger };

export type LoggingFormat = 'json' | 'text';
export const loggingFormats: readonly LoggingFormat[] = ['json', 'text'];

export interface LoggerOptions {
  readonly name: string;
  readonly level?: string;
  /** Unset: text when standard error is a terminal, JSON otherwise. */
  readonly format?: LoggingFormat;
}

export function createLogger(options: LoggerOptions): Logger {
  const format = options.format ?? (process.stderr.isTTY ? 'text' : 'json');
  const settings = { name: options.name, level: options.level ?? 'info' };
  if (format === 'json') return pino(settings, pino.destination({ fd: 2, sync: false }));
  // Loaded only for a terminal: services log JSON and should not pay its start-up time.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pino(settings, pretty({ destination: 2, colorize: process.stderr.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
}

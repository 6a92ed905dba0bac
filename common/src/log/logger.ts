// The one logger of every Capstan process: pino, JSON lines for machines, or a readable form for a terminal.

import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

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
  return pino(settings, pretty({ destination: 2, colorize: process.stderr.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
}

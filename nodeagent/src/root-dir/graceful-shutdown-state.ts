// <root-dir>/graceful_node_shutdown_state: when the last node shutdown began and ended
// ({"startTime":...,"endTime":...}), which the kubelet's shutdown manager keeps (mode 0644, written
// through a ".tmp-graceful_node_shutdown_state<digits>" file) when a shutdown grace period is
// configured, and reads at start for its metrics.

import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { writeFileAtomic } from './atomic-file.ts';
import { parseCheckpoint } from './checkpoint-errors.ts';
import { goJson } from './go-json.ts';
import { goTime, goZeroTime } from './go-time.ts';
import { readStateFile } from './state-file.ts';

export const gracefulShutdownStateName = 'graceful_node_shutdown_state';

export interface GracefulShutdownState {
  readonly startTime: Date | undefined;
  readonly endTime: Date | undefined;
}

export const encodeGracefulShutdownState = (state: GracefulShutdownState): string => goJson({ startTime: goTime(state.startTime), endTime: goTime(state.endTime) });

export function decodeGracefulShutdownState(text: string): GracefulShutdownState {
  const json = parseCheckpoint(text);
  const time = (value: unknown): Date | undefined => (typeof value === 'string' && value !== goZeroTime ? new Date(value) : undefined);
  return { startTime: time(json['startTime']), endTime: time(json['endTime']) };
}

export class GracefulShutdownStateFile {
  readonly path: string;

  constructor(rootDir: string) {
    this.path = join(rootDir, gracefulShutdownStateName);
  }

  /** The last shutdown's times; both undefined when none was recorded. */
  async load(): Promise<GracefulShutdownState> {
    const text = await readStateFile(this.path);
    return text === undefined ? { startTime: undefined, endTime: undefined } : decodeGracefulShutdownState(text);
  }

  store(state: GracefulShutdownState): Promise<void> {
    return writeFileAtomic(this.path, encodeGracefulShutdownState(state), { mode: 0o644, tempName: (name) => `.tmp-${name}${randomInt(1e9, 1e10)}` });
  }

  /** Records a shutdown's start; the answer records its end. */
  async shutdownStarted(now = new Date()): Promise<(end?: Date) => Promise<void>> {
    await this.store({ startTime: now, endTime: undefined });
    return (end = new Date()) => this.store({ startTime: now, endTime: end });
  }
}

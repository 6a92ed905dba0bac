// A container's termination message, as the kubelet reads it when the container has exited: the
// last 4 KiB of the file the kubelet mounted at terminationMessagePath; with the policy
// FallbackToLogsOnError, a container that failed and wrote no message gets the last 2 KiB of the
// last 80 lines of its log instead. The message follows the runtime's own, after ": ".

import { open } from 'node:fs/promises';
import type * as cri from '../cri/index.ts';
import { readContainerLog } from '../server/read-container-log.ts';
import { containerTerminationMessagePathAnnotation, containerTerminationMessagePolicyAnnotation } from './runtime-labels.ts';
import { errorCode, errorMessage } from '@capstan/common';

/** MaxContainerTerminationMessageLength. */
const maxMessageBytes = 4 * 1024;
/** MaxContainerTerminationMessageLogLength and MaxContainerTerminationMessageLogLines. */
const maxLogMessageBytes = 2 * 1024;
const maxLogMessageLines = 80;

/** tail.ReadAtMost: the last `max` bytes of a file. */
async function readAtMost(path: string, max: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const length = Math.min(size, max);
    const buffer = Buffer.alloc(length);
    await file.read(buffer, 0, length, size - length);
    return buffer;
  } finally {
    await file.close();
  }
}

async function lastLogText(logPath: string): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    await readContainerLog(
      logPath,
      { tail: maxLogMessageLines, limitBytes: -1, since: 0n, follow: false, timestamps: false },
      { streams: new Set(['stdout', 'stderr']), write: async (data) => void chunks.push(Buffer.from(data)) },
      { running: async () => false, signal: new AbortController().signal },
    );
  } catch (error) {
    return `Error on reading termination message from logs: ${errorMessage(error)}`;
  }
  const all = Buffer.concat(chunks);
  return all.subarray(Math.max(0, all.length - maxLogMessageBytes)).toString('utf8');
}

/** The message of an exited container: the runtime's, enriched with its termination message if there is one. */
export async function exitedContainerMessage(status: cri.ContainerStatus): Promise<string> {
  const path = status.annotations[containerTerminationMessagePathAnnotation] ?? '';
  const fallbackToLogs =
    status.annotations[containerTerminationMessagePolicyAnnotation] === 'FallbackToLogsOnError' && status.exitCode !== 0 && status.reason !== 'ContainerCannotRun';
  let message = '';
  let checkLogs = fallbackToLogs;
  const mount = path === '' ? undefined : status.mounts.find((candidate) => candidate.containerPath === path);
  if (mount !== undefined) {
    try {
      message = (await readAtMost(mount.hostPath, maxMessageBytes)).toString('utf8');
      checkLogs = fallbackToLogs && message === '';
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') {
        message = `Error on reading termination log ${mount.hostPath}: ${errorMessage(error)}`;
        checkLogs = false;
      }
    }
  }
  if (checkLogs) message = await lastLogText(status.logPath);
  if (message === '') return status.message;
  return status.message === '' ? message : `${status.message}: ${message}`;
}

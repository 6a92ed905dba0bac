// The tasks of the work threads (work-threads.ts), by name: the default task encodes a stored
// answer as Protobuf, `encodeItems` list items, `prepareCreate` a large create's body,
// `prepareUpdate` a large PUT's, `preparePatch` and `prepareApply` a PATCH or a server-side apply
// of a large object. Each task's module loads on a thread with the task's first run.

import type { ApplyTask, ApplyTaskResult, CreateTask, CreateTaskResult, PatchTask, PatchTaskResult, UpdateTask, UpdateTaskResult } from './write-thread-task.ts';

export { default, encodeItems } from './protobuf-encode-worker.ts';

export async function prepareCreate(task: CreateTask): Promise<CreateTaskResult> {
  return (await import('./write-thread-task.ts')).prepareCreate(task);
}

export async function prepareUpdate(task: UpdateTask): Promise<UpdateTaskResult> {
  return (await import('./write-thread-task.ts')).prepareUpdate(task);
}

export async function preparePatch(task: PatchTask): Promise<PatchTaskResult> {
  return (await import('./write-thread-task.ts')).preparePatch(task);
}

export async function prepareApply(task: ApplyTask): Promise<ApplyTaskResult> {
  return (await import('./write-thread-task.ts')).prepareApply(task);
}

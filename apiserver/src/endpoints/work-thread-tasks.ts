// The tasks of the work threads (work-threads.ts), by name: the default task encodes a stored
// answer as Protobuf, `encodeItems` list items, `prepareCreate` a large create's body. Each
// task's module loads on a thread with the task's first run.

import type { CreateTask, CreateTaskResult } from './create-thread-task.ts';

export { default, encodeItems } from './protobuf-encode-worker.ts';

export async function prepareCreate(task: CreateTask): Promise<CreateTaskResult> {
  return (await import('./create-thread-task.ts')).prepareCreate(task);
}

// Work written in steps: a generator that yields between its steps, run at once (runToEnd) or
// with a pause awaited between the steps (runInSteps), so that a long piece of work on the event
// loop (a large list's answer, a large object's managedFields) lets other clients in between.

/** The value of work written in steps, run at once. */
export function runToEnd<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** The value of work written in steps, awaiting `pause` between each two steps. */
export async function runInSteps<T>(steps: Generator<void, T, void>, pause: () => Promise<void> | undefined): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    await pause();
  }
}

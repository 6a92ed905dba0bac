// Times a call that answers at once or later (an authenticator, an authorizer), without turning a
// synchronous answer into a promise: most requests never wait for them.

/** Calls `call` and reports its answer, or what it threw, with the seconds it took; rethrows the failure. */
export function timedAnswer<T>(call: () => T | Promise<T>, answered: (answer: T, seconds: number) => void, failed: (error: unknown, seconds: number) => void): T | Promise<T> {
  const startedAt = performance.now();
  const seconds = (): number => (performance.now() - startedAt) / 1000;
  const fail = (error: unknown): never => {
    failed(error, seconds());
    throw error;
  };
  const answer = (value: T): T => {
    answered(value, seconds());
    return value;
  };
  let result: T | Promise<T>;
  try {
    result = call();
  } catch (error) {
    return fail(error);
  }
  return result instanceof Promise ? result.then(answer, fail) : answer(result);
}

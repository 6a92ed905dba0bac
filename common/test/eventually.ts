// Test support: waiting for something an asynchronous system will do, such as a node agent's
// status or a pod becoming Running, by asking again every 100 ms until it answers or time is up.

/** The probe's first answer that is not undefined; throws `timed out waiting for <what>` after timeoutMs. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// One reading for many readers: the first caller reads, callers meanwhile wait for the same read,
// and callers within maxAgeMs of it get it again. A failed read is not kept; the next caller reads
// anew. Simulated nodes on one machine share their machine and runtime readings this way.

export function sharedReading<T>(read: () => Promise<T>, maxAgeMs: number, now: () => number = performance.now.bind(performance)): () => Promise<T> {
  let current: Promise<T> | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  return () => {
    if (current === undefined || now() - readAt > maxAgeMs) {
      readAt = now();
      const reading = read();
      current = reading;
      reading.catch(() => {
        if (current === reading) current = undefined;
      });
    }
    return current;
  };
}

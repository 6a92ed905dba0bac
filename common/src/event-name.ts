// Event names as client-go's recorder makes them: the involved object's name, a dot, and the time
// in nanoseconds in hexadecimal, kept strictly increasing within this process so that two events
// of one millisecond never collide.

let last = 0n;

export function eventName(objectName: string): string {
  const now = BigInt(Date.now()) * 1_000_000n + (process.hrtime.bigint() % 1_000_000n);
  last = now > last ? now : last + 1n;
  return `${objectName}.${last.toString(16)}`;
}

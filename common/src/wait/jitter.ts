// apimachinery's wait.Jitter: a period stretched by a random share of itself, so that many
// agents or controllers started together do not all act in the same instant.

/** wait.Jitter: duration + random x maxFactor x duration; a maxFactor of 0 or less counts as 1. */
export function jitter(durationMs: number, maxFactor: number, random: () => number = Math.random): number {
  const factor = maxFactor <= 0 ? 1 : maxFactor;
  return durationMs + random() * factor * durationMs;
}

// How the checks word what they find, as kube's pod-security-admission writes it: lists quoted and
// comma-joined, singular or plural by count, sets sorted in byte order.

export const pluralize = (singular: string, plural: string, count: number): string => (count === 1 ? singular : plural);

/** `"a", "b"`; empty for no items. */
export const joinQuote = (items: readonly string[]): string => (items.length === 0 ? '' : `"${items.join('", "')}"`);

/** Byte-order comparison, as Go sorts strings. */
export const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The distinct items, sorted as Go's sets.List sorts them. */
export const sortedSet = (items: Iterable<string>): string[] => [...new Set(items)].sort(byteOrder);

/** `container "c"` or `containers "c", "d"`. */
export const containersText = (names: readonly string[]): string => `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;

/**
 * Who sets a forbidden value: "pod", the containers, in that order, joined with " and " (as
 * kube's badSetters reads).
 */
export function settersText(pod: boolean, containers: readonly string[], ...more: readonly string[]): string[] {
  return [...(pod ? ['pod'] : []), ...(containers.length > 0 ? [containersText(containers)] : []), ...more];
}

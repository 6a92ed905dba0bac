// Go's sort.Strings order (byte-wise), which for the ASCII in names, keys and IPs is UTF-16 code-unit
// order; localeCompare would differ (case, punctuation).

export const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

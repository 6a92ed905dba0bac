// How large values of a schema type can be, as Kubernetes estimates it when the schema sets no
// maximum: everything must fit in one request of at most 3 MiB, so a list holds at most as many
// items as fit at their smallest JSON size, a string at most as many bytes as the request.

/** The largest request body the estimates assume (kube-apiserver's default limit). */
export const maxRequestSizeBytes = 3 * 1024 * 1024;

/** Smallest and largest JSON sizes of scalar values, quotes included. */
export const jsonSizes = {
  /** "" */
  minString: 2,
  /** true */
  minBool: 4,
  /** 0 */
  minNumber: 1,
  /** null */
  null: 4,
  /** "0", the shortest duration Go parses. */
  minDuration: 3,
  /** RFC 3339 bounds a duration string like a date-time. */
  maxDuration: 32,
  /** "YYYY-MM-DD" */
  date: 12,
  /** "YYYY-MM-DDTHH:MM:SS" with its quotes and T. */
  minDateTime: 21,
  /** "9999-12-31T23:59:59.999999999Z" */
  maxDateTime: 32,
  /** [], {} */
  emptyCollection: 2,
  /** 0 or "" for int-or-string, the smallest of anything untyped. */
  minDyn: 1,
} as const;

const withoutEnclosing = maxRequestSizeBytes - 2;

/** The most bytes of a string (or int-or-string) with no maxLength: the request less its quotes. */
export const maxStringBytesPerRequest = withoutEnclosing;

/** maxLength counts code points; a code point takes up to 4 bytes in the request. */
export const maxBytesOfMaxLength = (maxLength: number): number => zeroIfNegative(maxLength) * 4;

/** The most items of a list whose items take at least `minItemSize` bytes (plus a comma each). */
export const maxListItemsPerRequest = (minItemSize: number): number => Math.floor(withoutEnclosing / (minItemSize + 1));

/** The most entries of a map: each takes its value, a key of at least "", a colon and a comma. */
export const maxMapEntriesPerRequest = (minValueSize: number): number => Math.floor(withoutEnclosing / (minValueSize + 6));

export const zeroIfNegative = (value: number): number => Math.max(value, 0);

const utf8 = new TextEncoder();

/** A string's length in UTF-8 bytes, as Go's len() counts it. */
export const utf8Length = (text: string): number => utf8.encode(text).length;

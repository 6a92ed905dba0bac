// A query string as Go's url.Values.Encode writes it (what kube sends its kubelets): keys sorted,
// each key's values in order, escaped as url.QueryEscape escapes (only A-Z a-z 0-9 - _ . ~ kept,
// a space as '+').

export type GoQueryValues = ReadonlyMap<string, readonly string[]>;

export function encodeGoQuery(values: GoQueryValues): string {
  const keys = [...values.keys()].sort();
  return keys.flatMap((key) => (values.get(key) ?? []).map((value) => `${goQueryEscape(key)}=${goQueryEscape(value)}`)).join('&');
}

export function goQueryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${(c.charCodeAt(0) as number).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

// The name of a proxy request, as kube's SplitSchemeNamePort reads it: `name`, `name:port` or
// `scheme:name:port`, the scheme "", "http" or "https".

export interface SchemeNamePort {
  readonly scheme: '' | 'http' | 'https';
  readonly name: string;
  /** A port number or a port's name; "" when the request names none. */
  readonly port: string;
}

/** The parts of `id`; undefined where kube's is not valid (too many colons, no name, another scheme). */
export function splitSchemeNamePort(id: string): SchemeNamePort | undefined {
  const parts = id.split(':');
  const [first = '', second = '', third = ''] = parts;
  const [scheme, name, port] = parts.length === 1 ? ['', first, ''] : parts.length === 2 ? ['', first, second] : parts.length === 3 ? [first, second, third] : [];
  if (name === undefined || name === '' || (scheme !== '' && scheme !== 'http' && scheme !== 'https')) return undefined;
  return { scheme, name, port: port ?? '' };
}

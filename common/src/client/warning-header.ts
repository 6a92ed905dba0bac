// The Warning response header (RFC 7234) as kube-apiserver writes it: `299 - "text"`.

export function warningTexts(values: readonly string[] | undefined): string[] {
  const texts: string[] = [];
  for (const value of values ?? []) {
    const match = /^\d{3} \S+ "((?:[^"\\]|\\.)*)"/.exec(value.trim());
    texts.push(match === null ? value.trim() : (match[1] as string).replace(/\\(.)/g, '$1'));
  }
  return texts;
}

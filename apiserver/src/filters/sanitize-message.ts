// kube's responsewriters sanitizer: the messages of its 403 and plain-text 500 answers have &, <
// and > escaped, so that a path or name in them cannot turn into markup.

export function sanitizeMessage(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

// The links of a proxied text/html answer, rewritten as kube's proxy transport rewrites them (its
// rewriteHTML over golang.org/x/net/html's tokenizer): every start tag is written again as Go's
// Token.String writes it (lower-case names, values in double quotes, escaped), with the URL-valued
// attributes of the tags kube lists passed through `rewrite`; everything else goes as it came.

import { deflateRawSync, gunzipSync, gzipSync, inflateRawSync } from 'node:zlib';

/** kube's atomsToAttrs: which attributes of which tags hold a URL. */
const urlAttributes: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  applet: ['codebase'],
  area: ['href'],
  audio: ['src'],
  base: ['href'],
  blockquote: ['cite'],
  body: ['background'],
  button: ['formaction'],
  command: ['icon'],
  del: ['cite'],
  embed: ['src'],
  form: ['action'],
  frame: ['longdesc', 'src'],
  head: ['profile'],
  html: ['manifest'],
  iframe: ['longdesc', 'src'],
  img: ['longdesc', 'src', 'usemap'],
  input: ['src', 'usemap', 'formaction'],
  ins: ['cite'],
  link: ['href'],
  object: ['classid', 'codebase', 'data', 'usemap'],
  q: ['cite'],
  script: ['src'],
  source: ['src'],
  video: ['poster', 'src'],
};

/** Elements whose content the tokenizer reads as text up to their end tag. */
const rawTextElements: ReadonlySet<string> = new Set(['iframe', 'noembed', 'noframes', 'noscript', 'script', 'style', 'textarea', 'title', 'xmp']);

const startTag = /<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const attribute = /[\s/]*([^\s/>"'=][^\s/>"'=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

export function rewriteHtml(html: string, rewrite: (url: string) => string): string {
  let out = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open < 0) break;
    out += html.slice(at, open);
    at = open;
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      const stop = end < 0 ? html.length : end + 3;
      out += html.slice(at, stop);
      at = stop;
      continue;
    }
    startTag.lastIndex = at;
    const tag = startTag.exec(html);
    if (tag === null) {
      out += '<';
      at += 1;
      continue;
    }
    const name = (tag[1] as string).toLowerCase();
    const body = tag[2] as string;
    const selfClosing = body.endsWith('/');
    out += `<${name}${attributesOf(selfClosing ? body.slice(0, -1) : body, urlAttributes[name] ?? [], rewrite)}${selfClosing ? '/>' : '>'}`;
    at = startTag.lastIndex;
    if (rawTextElements.has(name) && !selfClosing) {
      const close = html.toLowerCase().indexOf(`</${name}`, at);
      const stop = close < 0 ? html.length : close;
      out += html.slice(at, stop);
      at = stop;
    }
  }
  return out + html.slice(at);
}

/** The attributes as Go writes them again: ` key="escaped value"` each, the URL-valued ones rewritten. */
function attributesOf(text: string, urlNames: readonly string[], rewrite: (url: string) => string): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    attribute.lastIndex = at;
    const match = attribute.exec(text);
    if (match === null || match[0] === '') break;
    at = attribute.lastIndex;
    const key = (match[1] as string).toLowerCase();
    const value = unescapeEntities(match[2] ?? match[3] ?? match[4] ?? '');
    out += ` ${key}="${escapeHtml(urlNames.includes(key) ? rewrite(value) : value)}"`;
  }
  return out;
}

const entities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#34': '"' };

function unescapeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, name: string) => {
    const code = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : undefined;
    if (code === undefined) return entities[name] ?? whole;
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

/** Go's html.EscapeString. */
function escapeHtml(value: string): string {
  return value.replace(/[&'<>"]/g, (char) => ({ '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;', '"': '&#34;' })[char] as string);
}

/** The Content-Encodings kube rewrites an HTML answer under; any other leaves the answer as it is. */
export const rewrittenEncodings: ReadonlySet<string> = new Set(['', 'gzip', 'deflate']);

/** Whether kube rewrites the links of an answer: text/html, without a Location, in an encoding it reads. */
export function rewritesHtml(headers: { readonly 'content-type'?: string; readonly 'content-encoding'?: string; readonly location?: string }): boolean {
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim();
  return type === 'text/html' && headers.location === undefined && rewrittenEncodings.has(headers['content-encoding'] ?? '');
}

/** A whole HTML body, decoded, rewritten and encoded again in its Content-Encoding. */
export function rewriteHtmlBody(body: Buffer, encoding: string, rewrite: (url: string) => string): Buffer {
  const decoded = encoding === 'gzip' ? gunzipSync(body) : encoding === 'deflate' ? inflateRawSync(body) : body;
  const rewritten = Buffer.from(rewriteHtml(decoded.toString('utf8'), rewrite), 'utf8');
  return encoding === 'gzip' ? gzipSync(rewritten) : encoding === 'deflate' ? deflateRawSync(rewritten) : rewritten;
}

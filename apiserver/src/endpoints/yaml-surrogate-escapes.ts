// go-yaml refuses a double-quoted escape of a UTF-16 surrogate ("\ud800", even as half of a pair:
// YAML writes such characters as "\U0001F600") with "found invalid Unicode character escape
// code"; the yaml package would read it into a string no UTF-8 encoder can write.

import type { Document } from 'yaml';
import { yamlModule } from './yaml-module.ts';

const surrogateEscape = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

/** go-yaml's message ("line 2: found invalid Unicode character escape code") for the first such scalar; undefined when none. */
export function yamlSurrogateEscapeError(text: string, document: Document): string | undefined {
  if (!surrogateEscape.test(text)) return undefined;
  let start: number | undefined;
  yamlModule().visit(document, {
    Scalar(_key, node) {
      if (node.type !== 'QUOTE_DOUBLE' || node.range === undefined || node.range === null) return undefined;
      if (!holdsSurrogateEscape(text.slice(node.range[0], node.range[1]))) return undefined;
      start = node.range[0];
      return yamlModule().visit.BREAK;
    },
  });
  if (start === undefined) return undefined;
  const line = lineOf(text, start);
  return `${line === 0 ? '' : `line ${line + 1}: `}found invalid Unicode character escape code`;
}

/** Whether a double-quoted scalar's source escapes a surrogate (an escaped backslash is no escape). */
function holdsSurrogateEscape(source: string): boolean {
  for (let at = source.indexOf('\\'); at !== -1; at = source.indexOf('\\', at + 2)) {
    if (source[at + 1] === 'u' && surrogateEscape.test(source.slice(at, at + 6))) return true;
  }
  return false;
}

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

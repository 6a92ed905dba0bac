// kube's decoders refuse JSON nested deeper than 10,000 objects and arrays (Go's encoding/json
// scanner limit) before they build anything; so does parseJson, so that no recursive step after
// it (clone, validation, patch) can run out of stack on a hostile body. The scan is a flat loop.

export const maxJsonNestingDepth = 10_000;

/** The error of a JSON text nested too deeply, worded as Go's scanner words it. */
export class JsonNestingDepthError extends SyntaxError {
  override readonly name = 'JsonNestingDepthError';
}

const quote = 0x22;
const backslash = 0x5c;
const openBracket = 0x5b;
const openBrace = 0x7b;
const closeBracket = 0x5d;
const closeBrace = 0x7d;

/**
 * Go's message for a text whose objects and arrays nest deeper than 10,000 ("invalid character '['
 * exceeded max depth"); undefined within the limit. The text need not be valid JSON.
 */
export function jsonNestingDepthError(text: string): string | undefined {
  // Nesting past the limit takes more characters than the limit.
  if (text.length <= maxJsonNestingDepth) return undefined;
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (inString) {
      if (c === backslash) at++;
      else if (c === quote) inString = false;
    } else if (c === quote) {
      inString = true;
    } else if (c === openBracket || c === openBrace) {
      if (++depth > maxJsonNestingDepth) return `invalid character '${text[at]}' exceeded max depth`;
    } else if (c === closeBracket || c === closeBrace) {
      depth--;
    }
  }
  return undefined;
}

/** Whether a parsed value nests objects and arrays deeper than `limit`, found level by level, without recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  let level: object[] = typeof value === 'object' && value !== null ? [value] : [];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > limit) return true;
    const next: object[] = [];
    for (const container of level) {
      for (const child of Array.isArray(container) ? container : Object.values(container)) {
        if (typeof child === 'object' && child !== null) next.push(child);
      }
    }
    level = next;
  }
  return false;
}

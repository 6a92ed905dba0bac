// JSON.parse as Go's decoding reads JSON: integers beyond 2^53 stay exact, as Go's int64 fields hold
// them (such a number becomes a JSON.rawJSON of its own digits, which JSON.stringify writes back
// unchanged); nesting past 10,000 is refused before anything is built; a lone surrogate escape
// reads as U+FFFD. Texts without a run of 16 digits or a surrogate escape (nearly all) take the
// plain, fast JSON.parse.

import { mayHoldLoneSurrogates, replaceLoneSurrogates } from './lone-surrogates.ts';
import { JsonNestingDepthError, jsonNestingDepthError } from './nesting-depth.ts';
import { rawJSON } from './raw-json.ts';

const longDigitRun = /\d{16}/;

type SourceContext = { readonly source?: string } | undefined;

function keepLongIntegers(_key: string, value: unknown, context?: SourceContext): unknown {
  if (typeof value !== 'number' || Number.isSafeInteger(value) || context?.source === undefined || !/^-?\d+$/.test(context.source)) return value;
  return rawJSON(context.source);
}

/** Throws a SyntaxError for a text that is not JSON, a JsonNestingDepthError for one nested too deeply. */
export function parseJson(text: string): unknown {
  const tooDeep = jsonNestingDepthError(text);
  if (tooDeep !== undefined) throw new JsonNestingDepthError(tooDeep);
  const value = longDigitRun.test(text) ? JSON.parse(text, keepLongIntegers as (key: string, value: unknown) => unknown) : JSON.parse(text);
  return mayHoldLoneSurrogates(text) ? replaceLoneSurrogates(value) : value;
}

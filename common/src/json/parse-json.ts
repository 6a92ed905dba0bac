// JSON.parse that keeps integers beyond 2^53 exact, as Go's int64 fields hold them: such a number
// becomes a JSON.rawJSON of its own digits, which JSON.stringify writes back unchanged. Texts
// without a run of 16 digits (nearly all) take the plain, fast JSON.parse.

import { rawJSON } from './raw-json.ts';

const longDigitRun = /\d{16}/;

type SourceContext = { readonly source?: string } | undefined;

function keepLongIntegers(_key: string, value: unknown, context?: SourceContext): unknown {
  if (typeof value !== 'number' || Number.isSafeInteger(value) || context?.source === undefined || !/^-?\d+$/.test(context.source)) return value;
  return rawJSON(context.source);
}

export function parseJson(text: string): unknown {
  return longDigitRun.test(text) ? JSON.parse(text, keepLongIntegers as (key: string, value: unknown) => unknown) : JSON.parse(text);
}

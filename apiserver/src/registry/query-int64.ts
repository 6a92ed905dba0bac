// An integer query parameter as kube's parameter codec reads one (strconv.ParseInt(text, 10, 64)):
// an optional sign and decimal digits within int64, or the 400 with Go's strconv error.

import { goQuote, newBadRequest } from '@capstan/common';

const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;

export function queryInt64(text: string): bigint {
  const fail = (why: string): never => {
    throw newBadRequest(`strconv.ParseInt: parsing ${goQuote(text)}: ${why}`);
  };
  if (!/^[+-]?\d+$/.test(text)) fail('invalid syntax');
  const value = BigInt(text);
  if (value < int64Min || value > int64Max) fail('value out of range');
  return value;
}

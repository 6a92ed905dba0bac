// The resourceVersion an update's body carries, read as kube's store reads it (the versioner's
// strconv.ParseUint, once the current object is read): none or "0" asks for no precondition,
// digits compare as numbers ("007" is 7), anything else fails with Go's error, which kube's update
// passes on unwrapped: a 500 without a reason.

import { goQuote, newUnclassifiedError, type StatusError } from '@capstan/common';
import { parseGoUint } from './query-int64.ts';

/** The revision the update requires, undefined for none, or the error to answer once the object is found. */
export function updatePrecondition(resourceVersion: string | undefined): bigint | undefined | StatusError {
  if (resourceVersion === undefined || resourceVersion === '') return undefined;
  const parsed = parseGoUint(resourceVersion);
  if (typeof parsed !== 'bigint') return newUnclassifiedError(`strconv.ParseUint: parsing ${goQuote(resourceVersion)}: ${parsed}`);
  return parsed === 0n ? undefined : parsed;
}

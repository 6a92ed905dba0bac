import { errorMessage } from '@capstan/common';
// The errors of reading a checkpoint, in the kubelet's words (checkpointmanager/errors).

/** The stored checksum does not match the data: the kubelet refuses the file. */
export class CorruptCheckpointError extends Error {
  override name = 'CorruptCheckpointError';
  constructor() {
    super('checkpoint is corrupted');
  }
}

/** The file holds no JSON, or JSON of another shape. */
export class CheckpointFormatError extends Error {
  override name = 'CheckpointFormatError';
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON of a checkpoint file; throws CheckpointFormatError for text that is not a JSON object. */
export function parseCheckpoint(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CheckpointFormatError(errorMessage(error));
  }
  if (!isObject(parsed)) throw new CheckpointFormatError('json: cannot unmarshal into a checkpoint');
  return parsed;
}

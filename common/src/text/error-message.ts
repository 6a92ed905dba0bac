// The message of anything thrown: an Error's message, or the value as a string (a library may
// throw a string or an object).

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The code of a Node system error ("ENOENT", "ECONNREFUSED"), or undefined when it has none. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

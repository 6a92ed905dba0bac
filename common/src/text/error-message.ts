// The message of anything thrown: an Error's message, or the value as a string (a library may
// throw a string or an object).

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

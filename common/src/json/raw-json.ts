// JSON.rawJSON and JSON.isRawJSON (V8 has them since 11.4; TypeScript's lib does not know them yet):
// how integers beyond 2^53 are held exactly in a JSON value.

const json = JSON as unknown as { rawJSON(text: string): unknown; isRawJSON(value: unknown): boolean };

export const rawJSON = (text: string): unknown => json.rawJSON(text);
export const isRawJSON = (value: unknown): boolean => json.isRawJSON(value);

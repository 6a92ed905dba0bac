// JSON.rawJSON and JSON.isRawJSON (V8 has them since 11.4; TypeScript's lib does not know them yet):
// how integers beyond 2^53 are held exactly in a JSON value.

/** What JSON.rawJSON makes: a frozen object JSON.stringify writes as its text, unquoted. */
export interface RawJSON {
  readonly rawJSON: string;
}

const json = JSON as unknown as { rawJSON(text: string): RawJSON; isRawJSON(value: unknown): boolean };

export const rawJSON = (text: string): RawJSON => json.rawJSON(text);
export const isRawJSON = (value: unknown): value is RawJSON => json.isRawJSON(value);

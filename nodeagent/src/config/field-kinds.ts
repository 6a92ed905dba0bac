// The kinds of field a KubeletConfiguration declares, as the Go types behind its JSON decide them:
// scalars, embedded structs, lists, maps of scalars and maps of string lists. One table of these
// (kubelet-configuration-fields.ts) drives decoding, the drop-in merge, defaulting and the typed
// shape the agent reads; the types below derive that shape from the table.

export type ScalarKind =
  | 'string'
  | 'bool'
  | 'int32'
  | 'int64'
  | 'uint32'
  | 'float64'
  /** metav1.Duration: a Go duration string on the wire, milliseconds once loaded. */
  | 'duration'
  /** component-base's TimeOrMetaDuration: a Go duration string, or a number of nanoseconds. */
  | 'durationOrNanos'
  /** resource.Quantity: a string or a number on the wire, a string once loaded. */
  | 'quantity'
  /** metav1.Time: an RFC 3339 string. */
  | 'time';

interface FieldOptions {
  /** A Go pointer: null and absent mean unset, a zero value is kept as given. */
  readonly pointer?: boolean;
  /** The wire value the kubelet's defaulting gives an unset (nil or zero) field. */
  readonly default?: unknown;
  /** Always set by a computed default (defaults.go), so present once loaded. */
  readonly defaulted?: boolean;
}

export interface ScalarField<K extends ScalarKind = ScalarKind> extends FieldOptions {
  readonly kind: K;
  /** The Go type named in decoding errors, when it is not the kind's own name. */
  readonly goType?: string;
  /** A file path that the main configuration file resolves against its own directory. */
  readonly path?: boolean;
}

export interface StructField<F extends FieldTable = FieldTable> extends FieldOptions {
  readonly kind: 'struct';
  /** The Go struct's name, as decoding errors name it. */
  readonly goType: string;
  readonly fields: F;
}

export interface ListField<E extends ScalarField | StructField = ScalarField | StructField> extends FieldOptions {
  readonly kind: 'list';
  readonly of: E;
}

/** A map whose values are scalars: drop-ins merge it key by key. */
export interface MapField<E extends ScalarField = ScalarField> extends FieldOptions {
  readonly kind: 'map';
  readonly of: E;
}

/** map[string][]string: drop-ins replace the list of each key they name. */
export interface MapOfListsField extends FieldOptions {
  readonly kind: 'mapOfLists';
}

export type FieldSpec = ScalarField | StructField | ListField | MapField | MapOfListsField;
export type FieldTable = Readonly<Record<string, FieldSpec>>;

export const scalar = <K extends ScalarKind, const O extends Omit<ScalarField<K>, 'kind'> = Record<never, never>>(kind: K, options?: O): { readonly kind: K } & O =>
  ({ kind, ...options }) as { readonly kind: K } & O;

export const struct = <const F extends FieldTable, const O extends FieldOptions = Record<never, never>>(
  goType: string,
  fields: F,
  options?: O,
): { readonly kind: 'struct'; readonly goType: string; readonly fields: F } & O =>
  ({ kind: 'struct', goType, fields, ...options }) as { readonly kind: 'struct'; readonly goType: string; readonly fields: F } & O;

export const list = <const E extends ScalarField | StructField, const O extends FieldOptions = Record<never, never>>(
  of: E,
  options?: O,
): { readonly kind: 'list'; readonly of: E } & O => ({ kind: 'list', of, ...options }) as { readonly kind: 'list'; readonly of: E } & O;

export const map = <const E extends ScalarField, const O extends FieldOptions = Record<never, never>>(of: E, options?: O): { readonly kind: 'map'; readonly of: E } & O =>
  ({ kind: 'map', of, ...options }) as { readonly kind: 'map'; readonly of: E } & O;

export const mapOfLists = (): { readonly kind: 'mapOfLists' } => ({ kind: 'mapOfLists' });

/** The loaded value of a field: durations in milliseconds, quantities as strings. */
export type LoadedValue<S> = S extends { readonly kind: 'struct'; readonly fields: infer F }
  ? Loaded<F>
  : S extends { readonly kind: 'list'; readonly of: infer E }
    ? readonly LoadedValue<E>[]
    : S extends { readonly kind: 'map'; readonly of: infer E }
      ? Readonly<Record<string, LoadedValue<E>>>
      : S extends { readonly kind: 'mapOfLists' }
        ? Readonly<Record<string, readonly string[]>>
        : S extends { readonly kind: 'string' | 'quantity' | 'time' }
          ? string
          : S extends { readonly kind: 'bool' }
            ? boolean
            : number;

/**
 * Whether a loaded configuration always holds the field: Go value types always do (with their
 * zero value when unset), pointers, lists and maps only when given or defaulted.
 */
type AlwaysPresent<S> = S extends { readonly default: unknown } | { readonly defaulted: true }
  ? true
  : S extends { readonly kind: 'list' | 'map' | 'mapOfLists' } | { readonly pointer: true }
    ? false
    : true;

/** The loaded shape of a table of fields. */
export type Loaded<F> = {
  readonly [K in keyof F as AlwaysPresent<F[K]> extends true ? K : never]: LoadedValue<F[K]>;
} & {
  readonly [K in keyof F as AlwaysPresent<F[K]> extends true ? never : K]?: LoadedValue<F[K]>;
};

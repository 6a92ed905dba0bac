// The little of an API object the client reads: its metadata, and the shape of a list answer.

export interface ObjectMeta {
  readonly name?: string;
  readonly generateName?: string;
  readonly namespace?: string;
  readonly uid?: string;
  readonly resourceVersion?: string;
  readonly generation?: number;
  readonly creationTimestamp?: string;
  readonly deletionTimestamp?: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly annotations?: Readonly<Record<string, string>>;
  readonly [field: string]: unknown;
}

/** Any object the API serves; its other fields are the caller's to type. */
export interface KubeObject {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: ObjectMeta;
}

export interface ListMeta {
  readonly resourceVersion?: string;
  readonly continue?: string;
  readonly remainingItemCount?: number;
}

export interface ObjectList<T extends KubeObject = KubeObject> {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata: ListMeta;
  readonly items: T[];
}

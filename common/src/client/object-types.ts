// The little of an API object the client reads: its metadata, and the shape of a list answer.

import type { ListMeta, ObjectMeta } from '../api-types/meta-v1.ts';

export type { ListMeta, ObjectMeta } from '../api-types/meta-v1.ts';

/** Any object the API serves; its other fields are the caller's to type. */
export interface KubeObject {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: ObjectMeta;
}

export interface ObjectList<T extends KubeObject = KubeObject> {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata: ListMeta;
  readonly items: T[];
}

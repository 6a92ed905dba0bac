// The shape of a Table's columns and rows, and the Name and Age columns nearly every printer starts
// and ends with.

import { stringAt, type JsonObject } from '@capstan/common';
import { objectMeta } from './field-descriptions.ts';
import { timestampSince } from './timestamp-since.ts';

export interface ColumnDefinition {
  readonly name: string;
  readonly type: string;
  readonly format: string;
  readonly description: string;
  /** 0: always shown; 1: only with `kubectl get -o wide`. */
  readonly priority: number;
}

/** meta.k8s.io/v1 TableRowCondition: kubectl hides rows whose Completed condition is True. */
export interface TableRowCondition {
  readonly type: string;
  readonly status: string;
  readonly reason?: string;
  readonly message?: string;
}

export interface TableColumns {
  readonly definitions: readonly ColumnDefinition[];
  /**
   * One cell per definition, wide ones included: kube-apiserver always prints with Wide set. (Kube's
   * IPAddress printer sends one cell more than its columns; we copy that.)
   */
  cells(object: JsonObject, now: number): unknown[];
  conditions?(object: JsonObject): readonly TableRowCondition[];
  /** The order rows are printed in, for the kinds whose kube printer sorts its list. */
  rowOrder?(a: JsonObject, b: JsonObject): number;
}

export const column = (name: string, type: string, description: string, priority = 0): ColumnDefinition => ({ name, type, format: '', description, priority });
export const wideColumn = (name: string, type: string, description: string): ColumnDefinition => column(name, type, description, 1);

export const nameColumn: ColumnDefinition = { name: 'Name', type: 'string', format: 'name', description: objectMeta.name, priority: 0 };
export const ageColumn = column('Age', 'string', objectMeta.creationTimestamp);

// Shared by every printer that lists a pod template's containers.
export const containersColumn = wideColumn('Containers', 'string', 'Names of each container in the template.');
export const imagesColumn = wideColumn('Images', 'string', 'Images referenced by each container in the template.');

export const nameOf = (object: JsonObject): string => stringAt(object, 'metadata', 'name');
export const ageOf = (object: JsonObject, now: number): string => timestampSince(stringAt(object, 'metadata', 'creationTimestamp'), now);

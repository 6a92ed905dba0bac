// Builders for the protobufjs JSON descriptors of runtime.v1: each message file declares its
// TypeScript interfaces and, beside them, the field numbers and wire types that those interfaces
// travel as. Field names are the lowerCamelCase of the field names in k8s.io/cri-api's api.proto.

import type { IEnum, IField, IMapField, IType } from 'protobufjs';

/** A singular field: a scalar (`string`, `int64`, `bool`, ...), an enum or a message of runtime.v1. */
export const field = (id: number, type: string): IField => ({ id, type });

/** A repeated field; proto3 packs repeated scalars, as Go's encoder writes them. */
export const repeated = (id: number, type: string): IField => ({ id, type, rule: 'repeated' });

/** A `map<string, string>` field (labels, annotations, info, sysctls, ...). */
export const stringMap = (id: number): IMapField => ({ id, type: 'string', keyType: 'string' });

/** A message of the given fields, with enums declared inside it (as SecurityProfile.ProfileType). */
export const message = (fields: Readonly<Record<string, IField>>, nested?: Readonly<Record<string, IEnum>>): IType =>
  nested === undefined ? { fields: { ...fields } } : { fields: { ...fields }, nested: { ...nested } };

/** An enum whose values are numbered from 0 in the order of `names`, as every runtime.v1 enum is. */
export const enumOf = (names: readonly string[]): IEnum => ({ values: Object.fromEntries(names.map((name, index) => [name, index])) });

/** The declarations of one message file, keyed by message or enum name. */
export type Declarations = Readonly<Record<string, IType | IEnum>>;

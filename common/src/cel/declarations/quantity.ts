// The checker's declarations of Kubernetes' quantity library (1.28 and later). sign is global
// only (`sign(q)`, not `q.sign()`); add and sub take a quantity or an int. kubernetes.Quantity is
// not a type identifier in expressions: the library does not register it.

import { functionDecl, globalOverload, memberOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { boolType, doubleType, intType, quantityType, stringType } from '../types/cel-types.ts';

export const quantityFunctionDecls: readonly FunctionDecl[] = [
  functionDecl('quantity', globalOverload('string_to_quantity', [stringType], quantityType)),
  functionDecl('isQuantity', globalOverload('is_quantity_string', [stringType], boolType)),
  functionDecl('sign', globalOverload('quantity_sign', [quantityType], intType)),
  functionDecl('isGreaterThan', memberOverload('quantity_is_greater_than', [quantityType, quantityType], boolType)),
  functionDecl('isLessThan', memberOverload('quantity_is_less_than', [quantityType, quantityType], boolType)),
  functionDecl('compareTo', memberOverload('quantity_compare_to', [quantityType, quantityType], intType)),
  functionDecl('asApproximateFloat', memberOverload('quantity_get_float', [quantityType], doubleType)),
  functionDecl('asInteger', memberOverload('quantity_get_int', [quantityType], intType)),
  functionDecl('isInteger', memberOverload('quantity_is_integer', [quantityType], boolType)),
  functionDecl('add', memberOverload('quantity_add', [quantityType, quantityType], quantityType), memberOverload('quantity_add_int', [quantityType, intType], quantityType)),
  functionDecl('sub', memberOverload('quantity_sub', [quantityType, quantityType], quantityType), memberOverload('quantity_sub_int', [quantityType, intType], quantityType)),
];

// A checked expression Kubernetes cannot keep: cel-go converts the checked expression to its
// protobuf form after checking, which fails for a node typed by a field that has no type (a
// JSONPatch field other than op, path, from and value: `JSONPatch{}.foo`). Kubernetes reports it
// as an internal error, "unexpected compilation error: missing type conversion to proto: ".

import { isExactType } from './type-unification.ts';
import type { CheckedExpr } from './checked-expr.ts';
import { untypedFieldType, type CelType } from '../types/cel-types.ts';

function mentionsUntyped(type: CelType): boolean {
  switch (type.kind) {
    case 'list':
      return mentionsUntyped(type.elem);
    case 'map':
      return mentionsUntyped(type.key) || mentionsUntyped(type.value);
    case 'optional':
      return mentionsUntyped(type.value);
    case 'type':
      return type.type !== undefined && mentionsUntyped(type.type);
    case 'opaque':
      return isExactType(type, untypedFieldType) || type.params.some(mentionsUntyped);
    default:
      return false;
  }
}

/** cel-go's error converting the checked expression, or undefined when every node has a type. */
export function missingTypeConversion(checked: CheckedExpr): string | undefined {
  for (const type of checked.types.values()) if (mentionsUntyped(type)) return 'missing type conversion to proto: ';
  return undefined;
}

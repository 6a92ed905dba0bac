// Names for the object types of a schema, after their place in it, as Kubernetes names them before
// declaring a variable: the root gets the given name (a custom resource's `self` gets a name that
// changes with every update, so that no rule can depend on it), a field's object type
// `<parent>.<field>`, a list's items `<list>.@idx`, a map's values `<map>.@elem`.

import type { CelType } from './cel-types.ts';

/** The type with every schema object named (objects already named keep their names). */
export function assignTypeNames(type: CelType, name: string): CelType {
  switch (type.kind) {
    case 'object': {
      const own = type.name === 'object' ? name : type.name;
      const fields = new Map([...type.fields].map(([fieldName, field]) => [fieldName, { ...field, type: assignTypeNames(field.type, `${own}.${fieldName}`) }]));
      return { ...type, name: own, fields };
    }
    case 'map':
      return { ...type, value: assignTypeNames(type.value, `${name}.@elem`) };
    case 'list':
      return { ...type, elem: assignTypeNames(type.elem, `${name}.@idx`) };
    default:
      return type;
  }
}

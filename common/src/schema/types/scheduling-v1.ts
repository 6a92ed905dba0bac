// The types of scheduling.k8s.io/v1.

import { apiName, boolean, field, int32, pointer, string, struct, type TypeDeclaration } from '../schema.ts';
import { preemptionPolicies } from './enum-values.ts';
import { kinds, listKind, objectMetaField, typeMetaFields } from './meta-v1.ts';

const priorityClassName = apiName('scheduling', 'v1', 'PriorityClass');

export const schedulingV1Types: readonly TypeDeclaration[] = [
  struct(
    priorityClassName,
    'A named priority that pods can refer to.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      value: field(2, int32({ default: 0 }), 'The priority pods of this class get; higher runs first.', { required: true }),
      globalDefault: field(3, boolean(), 'Whether pods that name no priority class get this one.'),
      description: field(4, string(), 'When this priority class should be used, for people.'),
      preemptionPolicy: pointer(field(5, string({ enum: preemptionPolicies }), 'Never or PreemptLowerPriority: whether pods of this class may evict lower ones.')),
    },
    { groupVersionKinds: kinds('PriorityClass', ['scheduling.k8s.io/v1']) },
  ),

  listKind(priorityClassName, 'scheduling.k8s.io/v1', 'A list of PriorityClasses.'),
];

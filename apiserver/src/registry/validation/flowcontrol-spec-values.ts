// The specs of FlowSchema and PriorityLevelConfiguration as a field error prints them: json.Marshal
// of kube's internal flowcontrol types, which have no JSON tags (Go's field names, nil as null).

import { type GoStruct, goStruct } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { isObject, objectOf, stringOf } from '../defaulting/json-fields.ts';
import { goInt, objectsOrNull, stringsOrNull } from './internal-type-values.ts';

const intOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const named = (value: unknown): GoStruct | null => (isObject(value) ? goStruct({ Name: stringOf(value.name) }) : null);

function subjectJson(subject: JsonObject): GoStruct {
  const account = subject.serviceAccount;
  return goStruct({
    Kind: stringOf(subject.kind),
    User: named(subject.user),
    Group: named(subject.group),
    ServiceAccount: isObject(account) ? goStruct({ Namespace: stringOf(account.namespace), Name: stringOf(account.name) }) : null,
  });
}

function rulesJson(rules: JsonObject): GoStruct {
  return goStruct({
    Subjects: objectsOrNull(rules.subjects, subjectJson),
    ResourceRules: objectsOrNull(rules.resourceRules, (rule) =>
      goStruct({
        Verbs: stringsOrNull(rule.verbs),
        APIGroups: stringsOrNull(rule.apiGroups),
        Resources: stringsOrNull(rule.resources),
        ClusterScope: rule.clusterScope === true,
        Namespaces: stringsOrNull(rule.namespaces),
      }),
    ),
    NonResourceRules: objectsOrNull(rules.nonResourceRules, (rule) => goStruct({ Verbs: stringsOrNull(rule.verbs), NonResourceURLs: stringsOrNull(rule.nonResourceURLs) })),
  });
}

/** A flowcontrol.FlowSchemaSpec. */
export function flowSchemaSpecJson(spec: JsonObject): GoStruct {
  const method = spec.distinguisherMethod;
  return goStruct({
    PriorityLevelConfiguration: goStruct({ Name: stringOf(objectOf(spec.priorityLevelConfiguration).name) }),
    MatchingPrecedence: goInt(spec.matchingPrecedence),
    DistinguisherMethod: isObject(method) ? goStruct({ Type: stringOf(method.type) }) : null,
    Rules: objectsOrNull(spec.rules, rulesJson),
  });
}

function limitedJson(limited: JsonObject): GoStruct {
  const response = objectOf(limited.limitResponse);
  const queuing = response.queuing;
  return goStruct({
    NominalConcurrencyShares: goInt(limited.nominalConcurrencyShares),
    LimitResponse: goStruct({
      Type: stringOf(response.type),
      Queuing: isObject(queuing) ? goStruct({ Queues: goInt(queuing.queues), HandSize: goInt(queuing.handSize), QueueLengthLimit: goInt(queuing.queueLengthLimit) }) : null,
    }),
    LendablePercent: intOrNull(limited.lendablePercent),
    BorrowingLimitPercent: intOrNull(limited.borrowingLimitPercent),
  });
}

/** A flowcontrol.PriorityLevelConfigurationSpec. */
export function priorityLevelSpecJson(spec: JsonObject): GoStruct {
  const exempt = spec.exempt;
  return goStruct({
    Type: stringOf(spec.type),
    Limited: isObject(spec.limited) ? limitedJson(spec.limited) : null,
    Exempt: isObject(exempt) ? goStruct({ NominalConcurrencyShares: intOrNull(exempt.nominalConcurrencyShares), LendablePercent: intOrNull(exempt.lendablePercent) }) : null,
  });
}

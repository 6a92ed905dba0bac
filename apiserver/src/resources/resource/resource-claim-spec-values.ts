// A ResourceClaim's spec (and a template's) as kube's "field is immutable" error prints it:
// json.Marshal of the internal resource types, which have no JSON tags (Go's field names, nil as
// null); a template's spec also carries its metadata, embedded, with ObjectMeta's JSON tags.

import { type GoStruct, goStruct } from '@capstan/common';
import type { JsonObject } from '../../registry/object-meta.ts';
import { isObject, objectOf, stringOf } from '../../registry/defaulting/json-fields.ts';
import { goInt, objectMetaFieldsJson, objectsOrNull, rawJsonValue, stringsOrNull } from '../../registry/validation/internal-type-values.ts';
import { resourceListBadValue } from '../../registry/validation/quantity-values.ts';

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const selectorsJson = (selectors: unknown) =>
  objectsOrNull(selectors, (selector) => goStruct({ CEL: isObject(selector.cel) ? goStruct({ Expression: stringOf(selector.cel.expression) }) : null }));

const tolerationsJson = (tolerations: unknown) =>
  objectsOrNull(tolerations, (toleration) =>
    goStruct({
      Key: stringOf(toleration.key),
      Operator: stringOf(toleration.operator),
      Value: stringOf(toleration.value),
      Effect: stringOf(toleration.effect),
      TolerationSeconds: typeof toleration.tolerationSeconds === 'number' ? toleration.tolerationSeconds : null,
    }),
  );

const capacityJson = (capacity: unknown): GoStruct | null => (isObject(capacity) ? goStruct({ Requests: resourceListBadValue(capacity.requests).json }) : null);

function exactJson(exactly: JsonObject): GoStruct {
  return goStruct({
    DeviceClassName: stringOf(exactly.deviceClassName),
    Selectors: selectorsJson(exactly.selectors),
    AllocationMode: stringOf(exactly.allocationMode),
    Count: goInt(exactly.count),
    AdminAccess: typeof exactly.adminAccess === 'boolean' ? exactly.adminAccess : null,
    Tolerations: tolerationsJson(exactly.tolerations),
    Capacity: capacityJson(exactly.capacity),
  });
}

function subRequestJson(request: JsonObject): GoStruct {
  return goStruct({
    Name: stringOf(request.name),
    DeviceClassName: stringOf(request.deviceClassName),
    Selectors: selectorsJson(request.selectors),
    AllocationMode: stringOf(request.allocationMode),
    Count: goInt(request.count),
    Tolerations: tolerationsJson(request.tolerations),
    Capacity: capacityJson(request.capacity),
  });
}

/** A resource.ResourceClaimSpec. */
export function claimSpecJson(spec: JsonObject): GoStruct {
  const devices = objectOf(spec.devices);
  return goStruct({
    Devices: goStruct({
      Requests: objectsOrNull(devices.requests, (request) =>
        goStruct({
          Name: stringOf(request.name),
          Exactly: isObject(request.exactly) ? exactJson(request.exactly) : null,
          FirstAvailable: objectsOrNull(request.firstAvailable, subRequestJson),
        }),
      ),
      Constraints: objectsOrNull(devices.constraints, (constraint) =>
        goStruct({
          Requests: stringsOrNull(constraint.requests),
          MatchAttribute: stringOrNull(constraint.matchAttribute),
          DistinctAttribute: stringOrNull(constraint.distinctAttribute),
        }),
      ),
      // DeviceConfiguration is embedded: its Opaque sits beside Requests.
      Config: objectsOrNull(devices.config, (config) => {
        const opaque = config.opaque;
        return goStruct({
          Requests: stringsOrNull(config.requests),
          Opaque: isObject(opaque) ? goStruct({ Driver: stringOf(opaque.driver), Parameters: rawJsonValue(opaque.parameters ?? null) }) : null,
        });
      }),
    }),
  });
}

/** A resource.ResourceClaimTemplateSpec: the embedded ObjectMeta's fields, then Spec. */
export function claimTemplateSpecJson(spec: JsonObject): GoStruct {
  return goStruct({ ...objectMetaFieldsJson(objectOf(spec.metadata)), Spec: claimSpecJson(objectOf(spec.spec)) });
}

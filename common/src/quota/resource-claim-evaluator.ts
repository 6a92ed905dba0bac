// kube's ResourceClaim evaluator (pkg/quota/v1/evaluator/core/resource_claims.go): a claim counts
// as an object and, per device class, as the devices it asks for: an exact count, every device
// (kube's bound of 32 results), or for a list of alternatives the most any of them asks. (The
// DRAExtendedResource mapping of classes to extended resources, an alpha gate, is not done.)

import { newQuantity, type Quantity } from '../quantity/resource-quantity.ts';
import { objectCountName } from './object-count-name.ts';
import type { QuotaEvaluator } from './quota-evaluators.ts';
import { addResourceLists, oneQuantity, type ResourceList } from './resource-list.ts';

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectsAt = (parent: unknown, key: string): JsonObject[] => {
  const value = isObject(parent) ? parent[key] : undefined;
  return Array.isArray(value) ? value.filter(isObject) : [];
};

const claimCountName = objectCountName('resource.k8s.io', 'resourceclaims');
const perDeviceClass = '.deviceclass.resource.k8s.io/devices';
/** resource.k8s.io's AllocationResultsMaxSize: what allocationMode All counts. */
const allocationResultsMaxSize = 32n;

/** The devices one request (or alternative) of a class asks for. */
function devicesOf(request: JsonObject): bigint {
  if (request.allocationMode === 'All') return allocationResultsMaxSize;
  // ExactCount is the default, with a count of 1.
  if (request.allocationMode === undefined || request.allocationMode === 'ExactCount') return BigInt(typeof request.count === 'number' ? request.count : 1);
  return 0n;
}

const className = (request: JsonObject): string => (typeof request.deviceClassName === 'string' ? request.deviceClassName : '');

export const resourceClaimEvaluator: QuotaEvaluator = {
  group: 'resource.k8s.io',
  resource: 'resourceclaims',
  handles: (operation, subresource) => subresource === '' && (operation === 'CREATE' || operation === 'UPDATE'),
  matchingResources: (input) => input.filter((name) => name === claimCountName || name.endsWith(perDeviceClass)),
  matchesScope: () => false,
  usage(claim) {
    let result: ResourceList = { [claimCountName]: oneQuantity };
    const spec = isObject(claim.spec) ? claim.spec : {};
    for (const request of objectsAt(spec.devices, 'requests')) {
      const alternatives = objectsAt(request, 'firstAvailable');
      const most = new Map<string, bigint>();
      if (alternatives.length > 0) {
        for (const alternative of alternatives) {
          const name = className(alternative) + perDeviceClass;
          const devices = devicesOf(alternative);
          if (devices > (most.get(name) ?? 0n)) most.set(name, devices);
        }
      } else if (isObject(request.exactly)) {
        most.set(className(request.exactly) + perDeviceClass, devicesOf(request.exactly));
      }
      const asked: Record<string, Quantity> = {};
      for (const [name, devices] of most) asked[name] = newQuantity(devices, 'DecimalSI');
      result = addResourceLists(result, asked);
    }
    return result;
  },
  constraints: () => undefined,
};

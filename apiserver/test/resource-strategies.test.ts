import test from 'ava';
import { defaultResourceClaim, defaultResourceClaimTemplate } from '../src/resources/resource/resource-defaults.ts';
import { deviceClassStrategy, resourceClaimStrategy, resourceSliceStrategy } from '../src/resources/resource/resource-strategies.ts';

test('device requests and alternatives default to one device in ExactCount mode, as kube defaults them', (t) => {
  const claim = {
    spec: {
      devices: {
        requests: [
          { name: 'a', exactly: { deviceClassName: 'c', tolerations: [{ key: 'k' }] } },
          { name: 'b', exactly: { deviceClassName: 'c', allocationMode: 'All' } },
          {
            name: 'c',
            firstAvailable: [
              { name: 'x', deviceClassName: 'c', count: 3 },
              { name: 'y', deviceClassName: 'c', allocationMode: 'ExactCount', count: 0 },
            ],
          },
        ],
      },
    },
  };
  defaultResourceClaim(claim);
  const [a, b, c] = claim.spec.devices.requests as any[];
  t.deepEqual(a.exactly, { deviceClassName: 'c', allocationMode: 'ExactCount', count: 1, tolerations: [{ key: 'k', operator: 'Equal' }] });
  t.deepEqual(b.exactly, { deviceClassName: 'c', allocationMode: 'All' });
  t.deepEqual(c.firstAvailable, [
    { name: 'x', deviceClassName: 'c', allocationMode: 'ExactCount', count: 3 },
    { name: 'y', deviceClassName: 'c', allocationMode: 'ExactCount', count: 1 },
  ]);
  const template = { spec: { spec: { devices: { requests: [{ name: 'a', exactly: { deviceClassName: 'c' } }] } } } };
  defaultResourceClaimTemplate(template);
  t.deepEqual(template.spec.spec.devices.requests[0]?.exactly, { deviceClassName: 'c', allocationMode: 'ExactCount', count: 1 });
});

test('fields of gates off in 1.35 are dropped on create, and kept on update only where the stored object used them', (t) => {
  const claim = (): any => ({
    spec: {
      devices: {
        requests: [{ name: 'a', exactly: { deviceClassName: 'c', tolerations: [{ operator: 'Exists' }], capacity: { requests: { mem: '1Gi' } }, adminAccess: true } }],
        constraints: [{ distinctAttribute: 'x/y' }],
      },
    },
  });
  const created = claim();
  resourceClaimStrategy.prepareForCreate?.(created);
  t.deepEqual(created.spec.devices, { requests: [{ name: 'a', exactly: { deviceClassName: 'c', adminAccess: true } }], constraints: [{}] });
  const updated = claim();
  resourceClaimStrategy.prepareForUpdate?.(updated, claim());
  t.deepEqual(updated, claim());

  const deviceClass: any = { spec: { extendedResourceName: 'example.com/gpu', selectors: [] } };
  deviceClassStrategy.prepareForCreate?.(deviceClass);
  t.deepEqual(deviceClass.spec, { selectors: [] });

  const slice: any = {
    spec: {
      driver: 'd',
      perDeviceNodeSelection: true,
      sharedCounters: [{ name: 's' }],
      devices: [
        {
          name: 'x',
          nodeName: 'n',
          taints: [{ key: 'k', effect: 'NoSchedule' }],
          bindingConditions: ['ready'],
          allowMultipleAllocations: true,
          capacity: { mem: { value: '1', requestPolicy: {} } },
          attributes: {},
        },
      ],
    },
  };
  resourceSliceStrategy.prepareForCreate?.(slice);
  t.deepEqual(slice.spec, { driver: 'd', devices: [{ name: 'x', capacity: { mem: { value: '1' } }, attributes: {} }] });
});

// DeviceClass selectors kept unchanged by an update compile as stored expressions, as kube does:
// an expression only the stored environment accepts (device.allowMultipleAllocations, of the
// DRAConsumableCapacity gate, off in 1.35) is kept, but cannot be written anew.

import test from 'ava';
import { fieldErrorMessage } from '@capstan/common';
import { deviceClassErrors, deviceClassUpdateErrors } from '../src/resources/resource/deviceclasses/device-class-validation.ts';

const deviceClass = (...expressions: string[]) => ({ metadata: { name: 'gpu.example.com' }, spec: { selectors: expressions.map((expression) => ({ cel: { expression } })) } });
const undefinedField =
  'spec.selectors[0].cel.expression: Invalid value: "device.allowMultipleAllocations": compilation failed: ERROR: <input>:1:7: undefined field \'allowMultipleAllocations\'\n | device.allowMultipleAllocations\n | ......^';

test('a selector only stored expressions accept is refused on create and on a change, kept when unchanged', (t) => {
  const stored = deviceClass('device.allowMultipleAllocations');
  t.deepEqual(deviceClassErrors(stored).map(fieldErrorMessage), [undefinedField]);
  t.deepEqual(deviceClassUpdateErrors({ ...stored, metadata: { ...stored.metadata, labels: { tier: 'gold' } } }, stored, []), []);
  t.deepEqual(deviceClassUpdateErrors(deviceClass('device.allowMultipleAllocations', 'true'), stored, []).map(fieldErrorMessage), [undefinedField]);
});

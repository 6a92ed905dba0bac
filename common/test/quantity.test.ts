import test from 'ava';
import { quantityValue } from '../src/index.ts';

test('quantities read with their decimal and binary suffixes and exponents; anything else is no quantity', (t) => {
  t.is(quantityValue('500m'), 0.5);
  t.is(quantityValue('2'), 2);
  t.is(quantityValue('1.5Gi'), 1.5 * 2 ** 30);
  t.is(quantityValue('128Mi'), 128 * 2 ** 20);
  t.is(quantityValue('1k'), 1000);
  t.is(quantityValue('2e3'), 2000);
  t.is(quantityValue('.5'), 0.5);
  t.is(quantityValue(3), 3);
  for (const bad of ['', 'abc', '1.2.3', '5 Gi', '1mi', '--1', null]) t.is(quantityValue(bad), undefined, String(bad));
});

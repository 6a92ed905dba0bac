import test from 'ava';
import { parseJson } from '../src/index.ts';

test('integers beyond 2^53 survive parse and stringify digit for digit; other numbers are plain numbers', (t) => {
  const text = '{"max":9223372036854775807,"over":9007199254740993,"list":[1,-9007199254740995],"fraction":1.5,"safe":9007199254740991,"text":"12345678901234567890"}';
  t.is(JSON.stringify(parseJson(text)), text);
  const parsed = parseJson(text) as { safe: unknown; fraction: unknown; text: unknown };
  t.is(parsed.safe, 9007199254740991);
  t.is(parsed.fraction, 1.5);
  t.is(parsed.text, '12345678901234567890');
  t.deepEqual(parseJson('{"a":1}'), { a: 1 });
});

import test from 'ava';
import { parseTypeName } from '../../src/cel/types/parse-type-name.ts';
import { checkerTypeName } from '../../src/cel/types/type-names.ts';

const spelled = (text: string): string => {
  const type = parseTypeName(text);
  return 'error' in type ? `error: ${type.error}` : checkerTypeName(type);
};

test('types read as cel-go prints them, nested, with either spelling of the well-known types', (t) => {
  t.is(spelled('int'), 'int');
  t.is(spelled('list(string)'), 'list(string)');
  t.is(spelled('map(string, list(google.protobuf.Timestamp))'), 'map(string, list(timestamp))');
  t.is(spelled(' optional_type( map(int,dyn) ) '), 'optional_type(map(int, dyn))');
  t.is(spelled('type(net.IP)'), 'type(net.IP)');
  t.is(spelled('kubernetes.Quantity'), 'kubernetes.Quantity');
  t.is(spelled('null'), 'null');
});

test('what is not a type is refused with the place it went wrong', (t) => {
  t.is(spelled('integer'), "error: unknown type 'integer' at position 7 of type 'integer'");
  t.is(spelled('list(int, int)'), "error: type 'list' takes 1 parameter at position 14 of type 'list(int, int)'");
  t.is(spelled('map(int)'), "error: type 'map' takes 2 parameters at position 8 of type 'map(int)'");
  t.is(spelled('list(int'), "error: expected ')' at position 8 of type 'list(int'");
  t.is(spelled('int(x)'), "error: type 'int' takes no parameters at position 3 of type 'int(x)'");
  t.is(spelled('int x'), "error: unexpected text at position 4 of type 'int x'");
  t.is(spelled(''), "error: expected a type name at position 0 of type ''");
});

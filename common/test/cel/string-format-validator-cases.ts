// What cel-go v0.26.0 answers for string.format calls in Kubernetes 1.35's base environment (new
// expressions), with the variables of checker.test.ts: the strings extension's check of a literal
// format string against a list literal of arguments, run after type checking. Every clause with
// arguments of every kind, wrong counts, clauses that cannot be read, and calls the check leaves
// alone. Measured with a throwaway Go program on k8s.io/apiserver v0.35.0; test data only.

import type { CheckerCase } from './checker-cases.ts';

export const stringFormatValidatorCases: readonly CheckerCase[] = [
  { expr: '"%s".format([x])', type: 'string' },
  { expr: '"%s".format([d])', type: 'string' },
  { expr: '"%s".format([s])', type: 'string' },
  { expr: '"%s".format([l])', type: 'string' },
  { expr: '"%s".format([li])', type: 'string' },
  { expr: '"%s".format([m])', type: 'string' },
  { expr: '"%s".format([ms])', type: 'string' },
  { expr: '"%s".format([y])', type: 'string' },
  { expr: '"%s".format([t])', type: 'string' },
  {
    expr: '"%s".format([o])',
    error:
      'ERROR: <input>:1:14: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([o])\n | .............^',
  },
  { expr: '"%s".format([null])', type: 'string' },
  { expr: '"%s".format([b\'abc\'])', type: 'string' },
  { expr: '"%s".format([1u])', type: 'string' },
  { expr: '"%s".format([true])', type: 'string' },
  { expr: '"%s".format([duration(\'1s\')])', type: 'string' },
  { expr: '"%s".format([int])', type: 'string' },
  { expr: '"%s".format([type(x)])', type: 'string' },
  { expr: '"%s".format([[1, 2]])', type: 'string' },
  { expr: '"%s".format([{\'a\': 1}])', type: 'string' },
  {
    expr: '"%s".format([[1, o]])',
    error:
      'ERROR: <input>:1:18: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([[1, o]])\n | .................^',
  },
  {
    expr: '"%s".format([[[[o]]]])',
    error:
      'ERROR: <input>:1:17: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([[[[o]]]])\n | ................^',
  },
  {
    expr: '"%s".format([{\'a\': o}])',
    error:
      'ERROR: <input>:1:20: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([{\'a\': o}])\n | ...................^',
  },
  {
    expr: '"%s".format([{o: 1}])',
    error:
      'ERROR: <input>:1:15: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([{o: 1}])\n | ..............^',
  },
  {
    expr: "\"%s\".format([{'a': {'b': o}}])",
    error:
      "ERROR: <input>:1:26: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | \"%s\".format([{'a': {'b': o}}])\n | .........................^",
  },
  {
    expr: '"%s".format([{\'a\': [t, o]}])',
    error:
      'ERROR: <input>:1:24: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([{\'a\': [t, o]}])\n | .......................^',
  },
  { expr: '"%s".format([{1: \'a\'}])', type: 'string' },
  {
    expr: '"%s".format([optional.none()])',
    error:
      'ERROR: <input>:1:27: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([optional.none()])\n | ..........................^',
  },
  {
    expr: '"%s".format([optional.of(1)])',
    error:
      'ERROR: <input>:1:25: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([optional.of(1)])\n | ........................^',
  },
  { expr: '"%s".format([dyn(o)])', type: 'string' },
  { expr: '"%s".format([o.value()])', type: 'string' },
  {
    expr: '"%s".format([quantity(\'1\')])',
    error:
      'ERROR: <input>:1:22: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given kubernetes.Quantity\n | "%s".format([quantity(\'1\')])\n | .....................^',
  },
  {
    expr: '"%s".format([url(\'http://x\')])',
    error:
      'ERROR: <input>:1:17: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given kubernetes.URL\n | "%s".format([url(\'http://x\')])\n | ................^',
  },
  {
    expr: '"%s".format([ip(\'1.2.3.4\')])',
    error:
      'ERROR: <input>:1:16: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given net.IP\n | "%s".format([ip(\'1.2.3.4\')])\n | ...............^',
  },
  {
    expr: '"%s".format([cidr(\'1.2.3.0/24\')])',
    error:
      'ERROR: <input>:1:18: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given net.CIDR\n | "%s".format([cidr(\'1.2.3.0/24\')])\n | .................^',
  },
  { expr: '"%s".format([l.map(e, e)])', type: 'string' },
  {
    expr: '"%s".format([?o])',
    error:
      'ERROR: <input>:1:15: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([?o])\n | ..............^',
  },
  { expr: '"%s".format([[1, "a"]])', type: 'string' },
  { expr: '"%s".format([[]])', type: 'string' },
  { expr: '"%s".format([{}])', type: 'string' },
  { expr: '"%s".format([x == 1])', type: 'string' },
  { expr: '"%d".format([x])', type: 'string' },
  { expr: '"%d".format([1u])', type: 'string' },
  {
    expr: '"%d".format([d])',
    error: 'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given double\n | "%d".format([d])\n | .............^',
  },
  {
    expr: '"%d".format([s])',
    error: 'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given string\n | "%d".format([s])\n | .............^',
  },
  { expr: '"%d".format([y])', type: 'string' },
  {
    expr: '"%d".format([null])',
    error: 'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given null_type\n | "%d".format([null])\n | .............^',
  },
  {
    expr: '"%d".format([t])',
    error: 'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given google.protobuf.Timestamp\n | "%d".format([t])\n | .............^',
  },
  {
    expr: '"%d".format([l])',
    error: 'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given list\n | "%d".format([l])\n | .............^',
  },
  {
    expr: '"%d".format([m])',
    error: 'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given map\n | "%d".format([m])\n | .............^',
  },
  {
    expr: '"%d".format([true])',
    error: 'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given bool\n | "%d".format([true])\n | .............^',
  },
  {
    expr: '"%d".format([o])',
    error: 'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given optional_type\n | "%d".format([o])\n | .............^',
  },
  {
    expr: '"%d".format([?o])',
    error: 'ERROR: <input>:1:15: error during formatting: decimal clause can only be used on integers, was given optional_type\n | "%d".format([?o])\n | ..............^',
  },
  { expr: '"%d".format([dyn(s)])', type: 'string' },
  {
    expr: '"%d".format([b\'a\'])',
    error: 'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given bytes\n | "%d".format([b\'a\'])\n | .............^',
  },
  {
    expr: '"%d".format([duration(\'1s\')])',
    error:
      'ERROR: <input>:1:22: error during formatting: decimal clause can only be used on integers, was given google.protobuf.Duration\n | "%d".format([duration(\'1s\')])\n | .....................^',
  },
  {
    expr: '"%d".format([int])',
    error: 'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given type\n | "%d".format([int])\n | .............^',
  },
  { expr: '"%d".format([m.a])', type: 'string' },
  {
    expr: '"%d".format([ms.a])',
    error: 'ERROR: <input>:1:16: error during formatting: decimal clause can only be used on integers, was given string\n | "%d".format([ms.a])\n | ...............^',
  },
  { expr: '"%d".format([m[\'a\']])', type: 'string' },
  { expr: '"%d".format([y.z])', type: 'string' },
  { expr: '"%d".format([o.orValue(1)])', type: 'string' },
  { expr: '"%d".format([[][0]])', type: 'string' },
  { expr: '"%d".format([l.size()])', type: 'string' },
  {
    expr: '"%d".format([quantity(\'1\')])',
    error:
      'ERROR: <input>:1:22: error during formatting: decimal clause can only be used on integers, was given kubernetes.Quantity\n | "%d".format([quantity(\'1\')])\n | .....................^',
  },
  { expr: '"%f".format([d])', type: 'string' },
  { expr: '"%f".format([s])', type: 'string' },
  {
    expr: '"%f".format([x])',
    error: 'ERROR: <input>:1:14: error during formatting: fixed-point clause can only be used on doubles, was given int\n | "%f".format([x])\n | .............^',
  },
  {
    expr: '"%f".format([1u])',
    error: 'ERROR: <input>:1:14: error during formatting: fixed-point clause can only be used on doubles, was given uint\n | "%f".format([1u])\n | .............^',
  },
  { expr: '"%f".format([y])', type: 'string' },
  {
    expr: '"%f".format([null])',
    error: 'ERROR: <input>:1:14: error during formatting: fixed-point clause can only be used on doubles, was given null_type\n | "%f".format([null])\n | .............^',
  },
  {
    expr: '"%f".format([l])',
    error: 'ERROR: <input>:1:14: error during formatting: fixed-point clause can only be used on doubles, was given list\n | "%f".format([l])\n | .............^',
  },
  {
    expr: '"%f".format([o])',
    error: 'ERROR: <input>:1:14: error during formatting: fixed-point clause can only be used on doubles, was given optional_type\n | "%f".format([o])\n | .............^',
  },
  { expr: '"%f".format([dyn(x)])', type: 'string' },
  { expr: '"%.2f".format([d])', type: 'string' },
  {
    expr: '"%.2f".format([x])',
    error: 'ERROR: <input>:1:16: error during formatting: fixed-point clause can only be used on doubles, was given int\n | "%.2f".format([x])\n | ...............^',
  },
  {
    expr: '"%.0f".format([true])',
    error: 'ERROR: <input>:1:16: error during formatting: fixed-point clause can only be used on doubles, was given bool\n | "%.0f".format([true])\n | ...............^',
  },
  { expr: '"%e".format([d])', type: 'string' },
  { expr: '"%e".format([s])', type: 'string' },
  {
    expr: '"%e".format([x])',
    error: 'ERROR: <input>:1:14: error during formatting: scientific clause can only be used on doubles, was given int\n | "%e".format([x])\n | .............^',
  },
  {
    expr: '"%e".format([t])',
    error:
      'ERROR: <input>:1:14: error during formatting: scientific clause can only be used on doubles, was given google.protobuf.Timestamp\n | "%e".format([t])\n | .............^',
  },
  {
    expr: '"%.3e".format([x])',
    error: 'ERROR: <input>:1:16: error during formatting: scientific clause can only be used on doubles, was given int\n | "%.3e".format([x])\n | ...............^',
  },
  { expr: '"%.3e".format([d])', type: 'string' },
  { expr: '"%b".format([x])', type: 'string' },
  { expr: '"%b".format([1u])', type: 'string' },
  { expr: '"%b".format([true])', type: 'string' },
  {
    expr: '"%b".format([d])',
    error: 'ERROR: <input>:1:14: error during formatting: only integers and bools can be formatted as binary, was given double\n | "%b".format([d])\n | .............^',
  },
  {
    expr: '"%b".format([s])',
    error: 'ERROR: <input>:1:14: error during formatting: only integers and bools can be formatted as binary, was given string\n | "%b".format([s])\n | .............^',
  },
  { expr: '"%b".format([y])', type: 'string' },
  {
    expr: '"%b".format([b\'a\'])',
    error: 'ERROR: <input>:1:14: error during formatting: only integers and bools can be formatted as binary, was given bytes\n | "%b".format([b\'a\'])\n | .............^',
  },
  { expr: '"%o".format([x])', type: 'string' },
  { expr: '"%o".format([1u])', type: 'string' },
  {
    expr: '"%o".format([s])',
    error: 'ERROR: <input>:1:14: error during formatting: octal clause can only be used on integers, was given string\n | "%o".format([s])\n | .............^',
  },
  {
    expr: '"%o".format([d])',
    error: 'ERROR: <input>:1:14: error during formatting: octal clause can only be used on integers, was given double\n | "%o".format([d])\n | .............^',
  },
  {
    expr: '"%o".format([true])',
    error: 'ERROR: <input>:1:14: error during formatting: octal clause can only be used on integers, was given bool\n | "%o".format([true])\n | .............^',
  },
  { expr: '"%x".format([x])', type: 'string' },
  { expr: '"%x".format([1u])', type: 'string' },
  { expr: '"%x".format([s])', type: 'string' },
  { expr: '"%x".format([b\'ab\'])', type: 'string' },
  {
    expr: '"%x".format([d])',
    error:
      'ERROR: <input>:1:14: error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double\n | "%x".format([d])\n | .............^',
  },
  {
    expr: '"%x".format([true])',
    error:
      'ERROR: <input>:1:14: error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given bool\n | "%x".format([true])\n | .............^',
  },
  {
    expr: '"%x".format([l])',
    error: 'ERROR: <input>:1:14: error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given list\n | "%x".format([l])\n | .............^',
  },
  {
    expr: '"%x".format([duration(\'1s\')])',
    error:
      'ERROR: <input>:1:22: error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given google.protobuf.Duration\n | "%x".format([duration(\'1s\')])\n | .....................^',
  },
  { expr: '"%X".format([x])', type: 'string' },
  { expr: '"%X".format([s])', type: 'string' },
  {
    expr: '"%X".format([d])',
    error:
      'ERROR: <input>:1:14: error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double\n | "%X".format([d])\n | .............^',
  },
  {
    expr: '"%X".format([null])',
    error:
      'ERROR: <input>:1:14: error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given null_type\n | "%X".format([null])\n | .............^',
  },
  {
    expr: '"%X".format([{\'a\': 1}])',
    error:
      'ERROR: <input>:1:14: error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given map\n | "%X".format([{\'a\': 1}])\n | .............^',
  },
  { expr: '"%s".format([])', error: 'ERROR: <input>:1:12: index 0 out of range\n | "%s".format([])\n | ...........^' },
  { expr: '"%s %s".format([s])', error: 'ERROR: <input>:1:15: index 1 out of range\n | "%s %s".format([s])\n | ..............^' },
  { expr: '"%s".format([s, s])', error: 'ERROR: <input>:1:12: too many arguments supplied to string.format (expected 1, got 2)\n | "%s".format([s, s])\n | ...........^' },
  { expr: '"abc".format([1])', error: 'ERROR: <input>:1:13: too many arguments supplied to string.format (expected 0, got 1)\n | "abc".format([1])\n | ............^' },
  { expr: '"%%".format([1])', error: 'ERROR: <input>:1:12: too many arguments supplied to string.format (expected 0, got 1)\n | "%%".format([1])\n | ...........^' },
  { expr: '"".format([])', type: 'string' },
  {
    expr: '"%s %d %f".format([s, x, d, t])',
    error: 'ERROR: <input>:1:18: too many arguments supplied to string.format (expected 3, got 4)\n | "%s %d %f".format([s, x, d, t])\n | .................^',
  },
  {
    expr: '"%d".format(["a", "b"])',
    error: 'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given string\n | "%d".format(["a", "b"])\n | .............^',
  },
  { expr: '"%q".format([1])', error: 'ERROR: <input>:1:12: could not parse formatting clause: unrecognized formatting clause "q"\n | "%q".format([1])\n | ...........^' },
  { expr: '"%".format([1])', error: 'ERROR: <input>:1:11: unexpected end of string\n | "%".format([1])\n | ..........^' },
  { expr: '"%".format([])', error: 'ERROR: <input>:1:11: unexpected end of string\n | "%".format([])\n | ..........^' },
  { expr: '"abc %".format([])', error: 'ERROR: <input>:1:15: unexpected end of string\n | "abc %".format([])\n | ..............^' },
  { expr: '"%s %".format([s])', error: 'ERROR: <input>:1:14: unexpected end of string\n | "%s %".format([s])\n | .............^' },
  {
    expr: '"%.f".format([d])',
    error:
      'ERROR: <input>:1:13: could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax\n | "%.f".format([d])\n | ............^',
  },
  {
    expr: '"%.".format([d])',
    error: 'ERROR: <input>:1:12: could not parse formatting clause: error while parsing precision: could not find end of precision specifier\n | "%.".format([d])\n | ...........^',
  },
  {
    expr: '"%.2".format([d])',
    error:
      'ERROR: <input>:1:13: could not parse formatting clause: error while parsing precision: could not find end of precision specifier\n | "%.2".format([d])\n | ............^',
  },
  {
    expr: '"%.99999999999999999999f".format([d])',
    error:
      'ERROR: <input>:1:33: could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "99999999999999999999": value out of range\n | "%.99999999999999999999f".format([d])\n | ................................^',
  },
  {
    expr: '"%.9223372036854775808f".format([d])',
    error:
      'ERROR: <input>:1:32: could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "9223372036854775808": value out of range\n | "%.9223372036854775808f".format([d])\n | ...............................^',
  },
  { expr: '"%.1000001f".format([d])', type: 'string' },
  { expr: '"%é".format([1])', error: 'ERROR: <input>:1:12: could not parse formatting clause: unrecognized formatting clause "Ã"\n | "%é".format([1])\n | ..．........^' },
  { expr: '"%.2q".format([d])', error: 'ERROR: <input>:1:14: could not parse formatting clause: unrecognized formatting clause "q"\n | "%.2q".format([d])\n | .............^' },
  { expr: '"%q".format([])', error: 'ERROR: <input>:1:12: index 0 out of range\n | "%q".format([])\n | ...........^' },
  {
    expr: '"%Z %d".format([s, s])',
    error: 'ERROR: <input>:1:15: could not parse formatting clause: unrecognized formatting clause "Z"\n | "%Z %d".format([s, s])\n | ..............^',
  },
  { expr: '"%d".format(l)', type: 'string' },
  { expr: '"%d".format(li)', type: 'string' },
  { expr: 's.format(["a"])', type: 'string' },
  { expr: '"%d".format([s] + [])', type: 'string' },
  { expr: '("%" + "d").format([s])', type: 'string' },
  { expr: '"%d".format(y)', type: 'string' },
  {
    expr: '"%s".format(["%d".format([s])])',
    error:
      'ERROR: <input>:1:27: error during formatting: decimal clause can only be used on integers, was given string\n | "%s".format(["%d".format([s])])\n | ..........................^',
  },
  {
    expr: '"%d %d".format([s, d])',
    error: 'ERROR: <input>:1:17: error during formatting: decimal clause can only be used on integers, was given string\n | "%d %d".format([s, d])\n | ................^',
  },
  {
    expr: '"%d".format([s]) + "%d".format([d])',
    error:
      'ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given string\n | "%d".format([s]) + "%d".format([d])\n | .............^\nERROR: <input>:1:33: error during formatting: decimal clause can only be used on integers, was given double\n | "%d".format([s]) + "%d".format([d])\n | ................................^',
  },
  {
    expr: 'l.all(e, "%d".format([e]) != "")',
    error:
      'ERROR: <input>:1:23: error during formatting: decimal clause can only be used on integers, was given string\n | l.all(e, "%d".format([e]) != "")\n | ......................^',
  },
  {
    expr: '"%\\u0064".format([s])',
    error: 'ERROR: <input>:1:19: error during formatting: decimal clause can only be used on integers, was given string\n | "%\\u0064".format([s])\n | ..................^',
  },
  {
    expr: 'r"%d".format([s])',
    error: 'ERROR: <input>:1:15: error during formatting: decimal clause can only be used on integers, was given string\n | r"%d".format([s])\n | ..............^',
  },
  {
    expr: "'''%d'''.format([s])",
    error: "ERROR: <input>:1:18: error during formatting: decimal clause can only be used on integers, was given string\n | '''%d'''.format([s])\n | .................^",
  },
  { expr: '"100%% %d".format([x])', type: 'string' },
  {
    expr: '"%%%d".format([s])',
    error: 'ERROR: <input>:1:16: error during formatting: decimal clause can only be used on integers, was given string\n | "%%%d".format([s])\n | ...............^',
  },
  { expr: '"%.3s".format([s])', type: 'string' },
  {
    expr: '"%.3d".format([d])',
    error: 'ERROR: <input>:1:16: error during formatting: decimal clause can only be used on integers, was given double\n | "%.3d".format([d])\n | ...............^',
  },
  { expr: '"%d".format(s)', error: "ERROR: <input>:1:12: found no matching overload for 'format' applied to 'string.(string)'\n | \"%d\".format(s)\n | ...........^" },
  {
    expr: '"%d".format([1], [2])',
    error: "ERROR: <input>:1:12: found no matching overload for 'format' applied to 'string.(list(int), list(int))'\n | \"%d\".format([1], [2])\n | ...........^",
  },
  { expr: '"%s".format([s]).size()', type: 'int' },
  {
    expr: '"%d %s %x".format([x, s, t])',
    error:
      'ERROR: <input>:1:26: error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given google.protobuf.Timestamp\n | "%d %s %x".format([x, s, t])\n | .........................^',
  },
  { expr: "\"%s and %s\".format([l, [t, duration('2s'), b'x', null, 1.5, 2u, true, int]])", type: 'string' },
  {
    expr: '"%s".format([[x, y, s, d, m, o]])',
    error:
      'ERROR: <input>:1:30: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([[x, y, s, d, m, o]])\n | .............................^',
  },
  {
    expr: '"%s".format([{s: o}])',
    error:
      'ERROR: <input>:1:18: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([{s: o}])\n | .................^',
  },
  {
    expr: '"%s".format([[{1: [o]}]])',
    error:
      'ERROR: <input>:1:20: error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type\n | "%s".format([[{1: [o]}]])\n | ...................^',
  },
  { expr: '"%d".format([1, 2, 3])', error: 'ERROR: <input>:1:12: too many arguments supplied to string.format (expected 1, got 3)\n | "%d".format([1, 2, 3])\n | ...........^' },
  { expr: '"%d%d".format([1])', error: 'ERROR: <input>:1:14: index 1 out of range\n | "%d%d".format([1])\n | .............^' },
  {
    expr: '"é %d".format([s])',
    error: 'ERROR: <input>:1:16: error during formatting: decimal clause can only be used on integers, was given string\n | "é %d".format([s])\n | .．.............^',
  },
  {
    expr: '"%d".format([duration(\'x\')])',
    error:
      'ERROR: <input>:1:22: error during formatting: decimal clause can only be used on integers, was given google.protobuf.Duration\n | "%d".format([duration(\'x\')])\n | .....................^\nERROR: <input>:1:23: invalid duration argument\n | "%d".format([duration(\'x\')])\n | ......................^',
  },
  { expr: '"%s".format([timestamp(\'bad\')])', error: 'ERROR: <input>:1:24: invalid timestamp argument\n | "%s".format([timestamp(\'bad\')])\n | .......................^' },
  {
    expr: '"%s".format([x, duration(\'x\')])',
    error:
      'ERROR: <input>:1:12: too many arguments supplied to string.format (expected 1, got 2)\n | "%s".format([x, duration(\'x\')])\n | ...........^\nERROR: <input>:1:26: invalid duration argument\n | "%s".format([x, duration(\'x\')])\n | .........................^',
  },
  {
    expr: '"%o".format([[1]])',
    error: 'ERROR: <input>:1:14: error during formatting: octal clause can only be used on integers, was given list\n | "%o".format([[1]])\n | .............^',
  },
  {
    expr: '"%b".format([optional.none()])',
    error:
      'ERROR: <input>:1:27: error during formatting: only integers and bools can be formatted as binary, was given optional_type\n | "%b".format([optional.none()])\n | ..........................^',
  },
  {
    expr: '"%d".format(["".format([1])])',
    error:
      'ERROR: <input>:1:23: too many arguments supplied to string.format (expected 0, got 1)\n | "%d".format(["".format([1])])\n | ......................^\nERROR: <input>:1:23: error during formatting: decimal clause can only be used on integers, was given string\n | "%d".format(["".format([1])])\n | ......................^',
  },
  {
    expr: '"%s".format(["%q".format([1])])',
    error: 'ERROR: <input>:1:25: could not parse formatting clause: unrecognized formatting clause "q"\n | "%s".format(["%q".format([1])])\n | ........................^',
  },
  {
    expr: '"%d".format([l.exists(e, e == \'a\')])',
    error:
      'ERROR: <input>:1:22: error during formatting: decimal clause can only be used on integers, was given bool\n | "%d".format([l.exists(e, e == \'a\')])\n | .....................^',
  },
  {
    expr: '"%d".format([has(m.a)])',
    error: 'ERROR: <input>:1:17: error during formatting: decimal clause can only be used on integers, was given bool\n | "%d".format([has(m.a)])\n | ................^',
  },
  { expr: '"%s".format([l.map(e, o)])', type: 'string' },
  { expr: '"%d".format([x + 1])', type: 'string' },
  { expr: '"%d".format([-x])', type: 'string' },
  {
    expr: '"%d".format([l[0]])',
    error: 'ERROR: <input>:1:15: error during formatting: decimal clause can only be used on integers, was given string\n | "%d".format([l[0]])\n | ..............^',
  },
  {
    expr: '"%d".format([s.size() > 0 ? s : x])',
    error: "ERROR: <input>:1:27: found no matching overload for '_?_:_' applied to '(bool, string, int)'\n | \"%d\".format([s.size() > 0 ? s : x])\n | ..........................^",
  },
  {
    expr: '"%d".format([m.?a])',
    error: 'ERROR: <input>:1:15: error during formatting: decimal clause can only be used on integers, was given optional_type\n | "%d".format([m.?a])\n | ..............^',
  },
  { expr: '"%x".format([[s, x][0]])', type: 'string' },
  {
    expr: '"%d".format([x, "%d".format([s])])',
    error:
      'ERROR: <input>:1:12: too many arguments supplied to string.format (expected 1, got 2)\n | "%d".format([x, "%d".format([s])])\n | ...........^\nERROR: <input>:1:30: error during formatting: decimal clause can only be used on integers, was given string\n | "%d".format([x, "%d".format([s])])\n | .............................^',
  },
  { expr: "\"%s %s\".format([[1, 2].map(i, i * 2), {'k': [b'a', 2.0]}])", type: 'string' },
  {
    expr: '"%d".format([[1][0], 2u])',
    error: 'ERROR: <input>:1:12: too many arguments supplied to string.format (expected 1, got 2)\n | "%d".format([[1][0], 2u])\n | ...........^',
  },
  { expr: '"%e".format([d, s])', error: 'ERROR: <input>:1:12: too many arguments supplied to string.format (expected 1, got 2)\n | "%e".format([d, s])\n | ...........^' },
  {
    expr: '"%b %o %x %X %d".format([x, x, x, x, d])',
    error:
      'ERROR: <input>:1:38: error during formatting: decimal clause can only be used on integers, was given double\n | "%b %o %x %X %d".format([x, x, x, x, d])\n | .....................................^',
  },
  { expr: '"%.1f %.2e".format([d, "NaN"])', type: 'string' },
];

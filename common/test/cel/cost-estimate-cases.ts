// Estimated costs as Kubernetes 1.35 reports them, measured with cel-go v0.26.0 and k8s.io/apiserver
// v0.35.0 (the base environment for new expressions at compatibility version 1.35, the
// AuthorizeWithSelectors gate on, env.EstimateCost with library.CostEstimator) by a throwaway Go
// program; test data only. plainCostCases use the variables declared in cost-estimate.test.ts and a
// size estimator that knows nothing; each schemaCostCases group types self and oldSelf (optional when
// optionalOldSelf) by its schema (SchemaDeclType, root named selfType) and sizes values with the
// apiextensions-apiserver's estimator over that type, as a CRD rule is estimated. The last group is a
// sample of randomly generated rules.

import type { OpenApiV3Schema } from '../../src/cel/types/schema-types.ts';

/** [expression, min, max] */
export type CostCase = readonly [string, bigint, bigint];

export const plainCostCases: readonly CostCase[] = [
  ["1", 0n, 0n],
  ["'abc'", 0n, 0n],
  ["x", 1n, 1n],
  ["x == 1", 2n, 2n],
  ["x != 1", 2n, 2n],
  ["x < 2 && x > 0", 2n, 4n],
  ["x < 2 || x > 0", 2n, 4n],
  ["true ? 1 : 2", 0n, 0n],
  ["x > 0 ? s : 'abc'", 2n, 3n],
  ["x > 0 ? [1, 2] : [3]", 12n, 12n],
  ["-x", 2n, 2n],
  ["!true", 1n, 1n],
  ["x + 1", 2n, 2n],
  ["x * 2 - 3 / 1 % 2", 5n, 5n],
  ["d * 2.0", 2n, 2n],
  ["d < x", 3n, 3n],
  ["x < d", 3n, 3n],
  ["1u + 2u", 1n, 1n],
  ["s == 'abc'", 2n, 2n],
  ["s != 'abc'", 2n, 2n],
  ["s < 'abc'", 2n, 2n],
  ["s <= 'abc'", 2n, 2n],
  ["s > s", 3n, 1844674407370955266n],
  ["s >= 'a'", 2n, 2n],
  ["'abc' < 'abd'", 1n, 1n],
  ["b < b'abc'", 2n, 2n],
  ["b == b'abc'", 2n, 2n],
  ["s + 'abc'", 2n, 1844674407370955265n],
  ["'abc' + 'def'", 1n, 1n],
  ["s + s", 2n, 1844674407370955266n],
  ["b + b", 2n, 1844674407370955266n],
  ["b + b'xyz'", 2n, 1844674407370955265n],
  ["s.size()", 2n, 2n],
  ["size(s)", 2n, 2n],
  ["l.size()", 2n, 2n],
  ["m.size()", 2n, 2n],
  ["s.contains('a')", 1n, 1844674407370955265n],
  ["'abcdef'.contains('cd')", 1n, 1n],
  ["s.contains(s)", 2n, 18446744073709551615n],
  ["s.startsWith('ab')", 2n, 2n],
  ["s.endsWith('yz')", 2n, 2n],
  ["'abc'.startsWith(s)", 1n, 1844674407370955265n],
  ["s.matches('^[a-z]+$')", 3n, 3689348814741910529n],
  ["'abc'.matches('^[a-z]+$')", 2n, 2n],
  ["matches(s, '^a')", 2n, 2n],
  ["s.matches(s)", 2n, 18446744073709551615n],
  ["'abc' in l", 1n, 18446744073709551615n],
  ["'abc' in ['a', 'b', 'abc']", 13n, 13n],
  ["x in li", 2n, 18446744073709551615n],
  ["x in [1, 2, 3]", 14n, 14n],
  ["'k' in m", 2n, 2n],
  ["'k' in {'k': 1}", 31n, 31n],
  ["l[0]", 2n, 2n],
  ["li[0] + 1", 3n, 3n],
  ["m['k']", 2n, 2n],
  ["ms['k'] == 'v'", 3n, 3n],
  ["ms['k'].size()", 3n, 3n],
  ["l[0].size()", 3n, 3n],
  ["[1, 2, 3]", 10n, 10n],
  ["[]", 10n, 10n],
  ["{}", 30n, 30n],
  ["{'a': 1}", 30n, 30n],
  ["{'a': 1, 'b': 2}", 30n, 30n],
  ["[s, 'abc']", 11n, 11n],
  ["[[1], [2, 3]]", 30n, 30n],
  ["{'a': [1, 2]}", 40n, 40n],
  ["dyn(x)", 2n, 2n],
  ["dyn(s).size()", 3n, 3n],
  ["dyn([1,2,3]).size()", 12n, 12n],
  ["y == 1", 2n, 2n],
  ["y.foo", 1n, 1n],
  ["y.foo.bar", 1n, 1n],
  ["m.foo", 2n, 2n],
  ["m.foo.bar", 2n, 2n],
  ["has(m.foo)", 1n, 1n],
  ["has(y.foo)", 1n, 1n],
  ["has(m.foo.bar)", 2n, 2n],
  ["int(s)", 2n, 2n],
  ["string(x)", 2n, 2n],
  ["string(b)", 1n, 1844674407370955265n],
  ["bytes(s)", 1n, 1844674407370955265n],
  ["bytes('abc')", 1n, 1n],
  ["string(b'abc')", 1n, 1n],
  ["double(x)", 2n, 2n],
  ["uint(x)", 2n, 2n],
  ["duration('1h')", 1n, 1n],
  ["timestamp('2023-01-01T00:00:00Z')", 1n, 1n],
  ["t + duration('1h')", 3n, 3n],
  ["t - t", 3n, 3n],
  ["t < timestamp('2023-01-01T00:00:00Z')", 3n, 3n],
  ["t == t", 3n, 3n],
  ["t.getFullYear()", 2n, 2n],
  ["t.getHours('America/New_York')", 2n, 2n],
  ["duration('1h').getMinutes()", 2n, 2n],
  ["type(x) == int", 4n, 1844674407370955267n],
  ["type(s)", 2n, 2n],
  ["l.all(e, e.size() > 1)", 2n, 18446744073709551615n],
  ["l.exists(e, e == 'a')", 2n, 18446744073709551615n],
  ["l.exists_one(e, e == 'a')", 3n, 18446744073709551615n],
  ["l.map(e, e + 'x')", 12n, 18446744073709551615n],
  ["l.filter(e, e.startsWith('a'))", 12n, 18446744073709551615n],
  ["l.map(e, e.size())", 12n, 18446744073709551615n],
  ["li.map(e, e * 2)", 12n, 18446744073709551615n],
  ["li.filter(e, e > 1).map(e, e * 2)", 23n, 18446744073709551615n],
  ["[1, 2, 3].all(e, e > 0)", 20n, 26n],
  ["[1, 2, 3].map(e, e * 2)", 63n, 63n],
  ["['a', 'bb'].map(e, e + 'x')", 49n, 49n],
  ["['a', 'bb'].filter(e, e.size() > 1)", 29n, 53n],
  ["[1, 2, 3].exists(e, e == 2)", 23n, 29n],
  ["m.all(k, k.size() > 1)", 2n, 18446744073709551615n],
  ["m.exists(k, m[k] == 1)", 2n, 18446744073709551615n],
  ["ms.all(k, ms[k].size() < 10)", 2n, 18446744073709551615n],
  ["{'a': 1, 'b': 2}.all(k, k != 'c')", 37n, 41n],
  ["{'a': 'x'}.map(k, k + 'y')", 55n, 55n],
  ["l.all(a, l.all(b, a == b))", 2n, 18446744073709551615n],
  ["li.all(a, li.exists(b, a < b))", 2n, 18446744073709551615n],
  ["[1,2].all(a, [3,4].all(b, a < b))", 17n, 63n],
  ["l.map(a, l.map(b, a + b))", 12n, 18446744073709551615n],
  ["l.map(a, l.map(b, a + b)).size()", 13n, 18446744073709551615n],
  ["[[1, 2], [3]].all(x, x.all(y, y > 0))", 37n, 61n],
  ["[[1, 2], [3]].map(x, x.size())", 69n, 69n],
  ["l.map(e, e + 'x').all(e, e.size() > 1)", 13n, 18446744073709551615n],
  ["y.all(e, e == 1)", 2n, 18446744073709551615n],
  ["y.map(e, e)", 12n, 18446744073709551615n],
  ["l.all(i, v, i < 10 && v.size() > 0)", 2n, 18446744073709551615n],
  ["m.all(k, v, k.size() > 0)", 2n, 18446744073709551615n],
  ["ms.exists(k, v, v == 'x')", 2n, 18446744073709551615n],
  ["l.existsOne(i, v, v == 'a')", 3n, 18446744073709551615n],
  ["l.transformList(i, v, v + 'x')", 12n, 18446744073709551615n],
  ["l.transformList(i, v, i > 0, v + 'x')", 12n, 18446744073709551615n],
  ["ms.transformMap(k, v, v + 'x')", 32n, 18446744073709551615n],
  ["ms.transformMapEntry(k, v, {k: v})", 32n, 18446744073709551615n],
  ["[1, 2].transformList(i, v, v * 2)", 49n, 49n],
  ["{'a': 'b'}.transformMap(k, v, v + k)", 67n, 67n],
  ["s.charAt(1)", 2n, 2n],
  ["s.indexOf('a')", 1n, 1844674407370955265n],
  ["s.indexOf('a', 1)", 1n, 1844674407370955265n],
  ["s.lastIndexOf('a')", 1n, 1844674407370955265n],
  ["'abc'.indexOf('b')", 1n, 1n],
  ["s.lowerAscii()", 1n, 1844674407370955265n],
  ["s.upperAscii()", 1n, 1844674407370955265n],
  ["'ABC'.lowerAscii()", 1n, 1n],
  ["s.lowerAscii().size()", 2n, 1844674407370955266n],
  ["s.replace('a', 'b')", 1n, 3689348814741910529n],
  ["s.replace('a', 'bb')", 1n, 3689348814741910529n],
  ["s.replace('', 'x')", 1n, 3689348814741910529n],
  ["s.replace('ab', 'b')", 1n, 3689348814741910529n],
  ["s.replace('a', 'b', 2)", 1n, 3689348814741910529n],
  ["'aaa'.replace('a', 'bb')", 1n, 1n],
  ["'aaa'.replace('a', 'bb').size()", 2n, 2n],
  ["'aaa'.replace('', 'x').size()", 2n, 2n],
  ["s.replace(s, s)", 3n, 3689348814741910531n],
  ["s.split(',')", 1n, 3689348814741910529n],
  ["s.split(',', 2)", 1n, 3689348814741910529n],
  ["s.split(',', -1)", 1n, 3689348814741910529n],
  ["'a,b,c'.split(',')", 1n, 1n],
  ["'a,b,c'.split(',').size()", 2n, 2n],
  ["'a,b,c'.split(',', 2).size()", 2n, 2n],
  ["s.split(',').all(e, e.size() > 0)", 2n, 18446744073709551615n],
  ["'a,b,c'.split(',').all(e, e.size() > 0)", 2n, 32n],
  ["s.substring(1)", 1n, 1844674407370955265n],
  ["s.substring(1, 2)", 1n, 1844674407370955265n],
  ["'abcdef'.substring(1, 3)", 1n, 1n],
  ["s.trim()", 1n, 1844674407370955265n],
  ["'  a  '.trim()", 1n, 1n],
  ["l.join()", 1n, 1844674407370955265n],
  ["l.join(',')", 1n, 1844674407370955265n],
  ["['a', 'b'].join()", 10n, 1844674407370955274n],
  ["['a', 'b'].join(', ')", 11n, 1844674407370955274n],
  ["['a', 'bc', 'def'].join('--')", 11n, 1844674407370955274n],
  ["strings.quote(s)", 1n, 1844674407370955265n],
  ["strings.quote('abc')", 1n, 1n],
  ["strings.quote('abc').size()", 2n, 2n],
  ["'%s and %d'.format([s, x])", 13n, 13n],
  ["s.format([1])", 11n, 1844674407370955275n],
  ["'%s'.format(['a'])", 11n, 11n],
  ["l.indexOf('a')", 1n, 18446744073709551615n],
  ["li.indexOf(1)", 1n, 18446744073709551615n],
  ["[1, 2, 3].indexOf(2)", 13n, 13n],
  ["['a', 'b'].indexOf('b')", 12n, 3689348814741910540n],
  ["l.lastIndexOf('a')", 1n, 18446744073709551615n],
  ["li.min()", 1n, 18446744073709551615n],
  ["li.max()", 1n, 18446744073709551615n],
  ["li.sum()", 1n, 18446744073709551615n],
  ["[1, 2, 3].sum()", 13n, 13n],
  ["[1.0, 2.0].sum()", 12n, 12n],
  ["l.min()", 1n, 18446744073709551615n],
  ["['a', 'b'].max()", 12n, 3689348814741910540n],
  ["li.isSorted()", 1n, 18446744073709551615n],
  ["l.isSorted()", 1n, 18446744073709551615n],
  ["[1, 2, 3].isSorted()", 13n, 13n],
  ["li.slice(0, 1)", 13n, 13n],
  ["li.slice(1, 3)", 14n, 14n],
  ["li.slice(x, 3)", 16n, 16n],
  ["li.slice(2, 1)", 18446744073709551615n, 18446744073709551615n],
  ["[1, 2, 3].slice(0, 2)", 23n, 23n],
  ["[1, 2, 3, 4].slice(1, x)", 25n, 25n],
  ["ll.flatten()", 12n, 18446744073709551615n],
  ["[[1], [2]].flatten()", 43n, 43n],
  ["ll.flatten(1)", 12n, 18446744073709551615n],
  ["dyn(ll).flatten(x)", 14n, 18446744073709551615n],
  ["li.sort()", 12n, 18446744073709551615n],
  ["l.sort()", 12n, 18446744073709551615n],
  ["[3, 1, 2].sort()", 39n, 39n],
  ["['b', 'a'].sort()", 30n, 30n],
  ["li.sortBy(e, -e)", 35n, 18446744073709551615n],
  ["l.sortBy(e, e.size())", 35n, 18446744073709551615n],
  ["[3, 1].sortBy(e, e)", 78n, 78n],
  ["lists.range(5)", 16n, 16n],
  ["lists.range(x)", 18446744073709551615n, 18446744073709551615n],
  ["lists.range(3).map(e, e * 2)", 67n, 67n],
  ["li.reverse()", 12n, 18446744073709551615n],
  ["[1, 2].reverse()", 23n, 23n],
  ["li.distinct()", 12n, 18446744073709551615n],
  ["[1, 1, 2].distinct()", 39n, 39n],
  ["l.distinct().size()", 13n, 18446744073709551615n],
  ["sets.contains(li, [1])", 12n, 18446744073709551615n],
  ["sets.contains(l, l)", 3n, 18446744073709551615n],
  ["sets.contains([1, 2, 3], [1])", 24n, 24n],
  ["sets.equivalent(li, li)", 3n, 18446744073709551615n],
  ["sets.equivalent([1, 2], [2, 1])", 29n, 29n],
  ["sets.intersects(l, ['a'])", 12n, 18446744073709551615n],
  ["sets.intersects([1], [2, 3])", 23n, 23n],
  ["s.find('[0-9]+')", 3n, 3689348814741910529n],
  ["s.findAll('[0-9]+')", 3n, 3689348814741910529n],
  ["s.findAll('[0-9]+', 2)", 3n, 3689348814741910529n],
  ["'abc123'.find('[0-9]+')", 2n, 2n],
  ["'abc123'.findAll('[0-9]')", 2n, 2n],
  ["'abc123'.findAll('[0-9]').size()", 3n, 3n],
  ["s.find('a').size()", 3n, 1844674407370955266n],
  ["isURL(s)", 2n, 2n],
  ["isURL('https://example.com')", 1n, 1n],
  ["url(s)", 1n, 1844674407370955265n],
  ["url('https://example.com/path?q=1')", 3n, 3n],
  ["url('https://example.com').getScheme()", 3n, 3n],
  ["url(s).getHost()", 2n, 1844674407370955266n],
  ["url(s).getHostname()", 2n, 1844674407370955266n],
  ["url(s).getPort()", 2n, 1844674407370955266n],
  ["url(s).getEscapedPath()", 2n, 1844674407370955266n],
  ["url(s).getQuery()", 2n, 1844674407370955266n],
  ["url('https://a') == url('https://b')", 3n, 3n],
  ["url(s) == url('https://b')", 3n, 1844674407370955267n],
  ["url('https://b') == url(s)", 3n, 3689348814741910530n],
  ["isQuantity(s)", 1n, 1844674407370955265n],
  ["isQuantity('1Gi')", 1n, 1n],
  ["quantity('1Gi')", 1n, 1n],
  ["quantity(s).isInteger()", 2n, 1844674407370955266n],
  ["quantity('1Gi').asInteger()", 2n, 2n],
  ["quantity('1.5').asApproximateFloat()", 2n, 2n],
  ["sign(quantity('-1'))", 2n, 2n],
  ["quantity('1').add(quantity('2'))", 3n, 3n],
  ["quantity('1').add(2)", 2n, 2n],
  ["quantity('1').sub(quantity('2'))", 3n, 3n],
  ["quantity('1').isLessThan(quantity('2'))", 3n, 3n],
  ["quantity('1').isGreaterThan(quantity(s))", 3n, 1844674407370955267n],
  ["quantity('1').compareTo(quantity('2'))", 3n, 3n],
  ["quantity('1') == quantity('1')", 3n, 3n],
  ["quantity(s) == quantity('1')", 3n, 1844674407370955267n],
  ["isIP(s)", 1n, 1844674407370955265n],
  ["isIP('1.2.3.4')", 1n, 1n],
  ["ip(s)", 1n, 1844674407370955265n],
  ["ip('1.2.3.4')", 1n, 1n],
  ["ip('1.2.3.4').family()", 2n, 2n],
  ["ip(s).isLoopback()", 2n, 1844674407370955266n],
  ["ip(s).isUnspecified()", 2n, 1844674407370955266n],
  ["ip(s).isLinkLocalMulticast()", 2n, 1844674407370955266n],
  ["ip(s).isLinkLocalUnicast()", 2n, 1844674407370955266n],
  ["ip(s).isGlobalUnicast()", 2n, 1844674407370955266n],
  ["ip.isCanonical(s)", 1n, 3689348814741910529n],
  ["ip.isCanonical('1.2.3.4')", 2n, 2n],
  ["string(ip('1.2.3.4'))", 2n, 2n],
  ["ip('1.2.3.4') == ip('1.2.3.4')", 3n, 3n],
  ["ip(s) == ip(s)", 3n, 3689348814741910531n],
  ["isCIDR(s)", 1n, 1844674407370955265n],
  ["isCIDR('10.0.0.0/8')", 1n, 1n],
  ["cidr(s)", 1n, 1844674407370955265n],
  ["cidr('10.0.0.0/8')", 1n, 1n],
  ["cidr('10.0.0.0/8').containsIP(ip('10.1.2.3'))", 3n, 6n],
  ["cidr('10.0.0.0/8').containsIP('10.1.2.3')", 3n, 6n],
  ["cidr(s).containsIP(s)", 3n, 3689348814741910534n],
  ["cidr('10.0.0.0/8').containsCIDR(cidr('10.1.0.0/16'))", 6n, 10n],
  ["cidr('10.0.0.0/8').containsCIDR('10.1.0.0/16')", 6n, 10n],
  ["cidr(s).containsCIDR(s)", 5n, 3689348814741910537n],
  ["cidr('10.0.0.0/8').ip()", 2n, 2n],
  ["cidr('10.0.0.0/8').masked()", 2n, 2n],
  ["cidr('10.0.0.0/8').prefixLength()", 2n, 2n],
  ["string(cidr('10.0.0.0/8'))", 2n, 2n],
  ["cidr('10.0.0.0/8') == cidr('10.0.0.0/8')", 3n, 3n],
  ["isSemver(s)", 1n, 1844674407370955265n],
  ["isSemver('1.2.3')", 1n, 1n],
  ["isSemver(s, true)", 1n, 1844674407370955265n],
  ["semver(s)", 1n, 1844674407370955265n],
  ["semver('1.2.3')", 1n, 1n],
  ["semver('1.2.3').major()", 2n, 2n],
  ["semver('1.2.3').minor()", 2n, 2n],
  ["semver(s).patch()", 2n, 1844674407370955266n],
  ["semver('1.2.3').isLessThan(semver('1.2.4'))", 3n, 3n],
  ["semver('1.2.3').isGreaterThan(semver(s))", 3n, 1844674407370955267n],
  ["semver('1.2.3').compareTo(semver('1.2.4'))", 3n, 3n],
  ["semver('1.2.3') == semver('1.2.3')", 3n, 3n],
  ["format.dns1123Label()", 1n, 1n],
  ["format.dns1123Label().validate(s)", 2n, 18446744073709551615n],
  ["format.dns1123Label().validate('abc')", 33n, 33n],
  ["format.named('dns1123Label')", 1n, 1n],
  ["format.named(s)", 2n, 2n],
  ["format.named('dns1123Label').hasValue()", 2n, 2n],
  ["format.dns1123Label() == format.dns1123Label()", 3n, 9n],
  ["format.dns1123Subdomain().validate(s).hasValue()", 3n, 18446744073709551615n],
  ["format.uri().validate('https://x')", 33n, 33n],
  ["o.hasValue()", 2n, 2n],
  ["o.value()", 2n, 2n],
  ["o.orValue(1)", 2n, 2n],
  ["o.or(optional.of(2))", 3n, 3n],
  ["optional.of(1)", 1n, 1n],
  ["optional.none()", 1n, 1n],
  ["optional.of(s).value().size()", 4n, 4n],
  ["optional.ofNonZeroValue(s)", 2n, 2n],
  ["m.?foo", 2n, 2n],
  ["m.?foo.orValue(1)", 3n, 3n],
  ["m.?foo.?bar", 3n, 3n],
  ["ms[?'k']", 2n, 2n],
  ["ms[?'k'].orValue('')", 3n, 3n],
  ["l[?0]", 2n, 2n],
  ["li[?0].orValue(0)", 3n, 3n],
  ["[?o, 1]", 11n, 11n],
  ["{'a': 1, ?'b': o}", 31n, 31n],
  ["o.optMap(v, v + 1)", 3n, 17n],
  ["o.optFlatMap(v, optional.of(v + 1))", 3n, 17n],
  ["optional.of(s).optMap(v, v.size())", 4n, 19n],
  ["o == optional.of(1)", 3n, 3n],
  ["x == x && s == s", 3n, 1844674407370955269n],
  ["(x > 0 && s.contains('a')) || l.all(e, e == s)", 2n, 18446744073709551615n],
  ["x > 0 ? l.all(e, e == s) : true", 2n, 18446744073709551615n],
  ["s.size() > 10 ? s.lowerAscii() : s.upperAscii()", 4n, 1844674407370955268n],
  ["(s + s).size()", 3n, 1844674407370955267n],
  ["(s + 'abc').contains('b')", 3n, 3689348814741910529n],
  ["('abc' + 'def').contains('cd')", 2n, 2n],
  ["('abc' + 'def').size()", 2n, 2n],
  ["[1, 2] + [3]", 21n, 21n],
  ["([1, 2] + [3]).size()", 22n, 22n],
  ["([1, 2] + li).size()", 13n, 13n],
  ["(li + li).map(e, e)", 14n, 18446744073709551615n],
  ["([1] + [2]).all(e, e > 0)", 28n, 32n],
  ["l + ['a']", 12n, 12n],
  ["(x > 0 ? [1, 2] : [3, 4, 5]).all(e, e > 0)", 19n, 28n],
  ["(x > 0 ? 'abc' : 'de').size()", 3n, 3n],
  ["(x > 0 ? 'abc' : 'de').contains('a')", 3n, 3n],
  ["(x > 0 ? s : 'abc').contains('a')", 2n, 1844674407370955267n],
  ["l.map(e, [e, e]).all(p, p.size() == 2)", 13n, 18446744073709551615n],
  ["[1, 2].map(e, [e]).map(p, p.size())", 106n, 106n],
  ["l.filter(e, e == 'a').size()", 13n, 18446744073709551615n],
  ["{'a': 'b'}.map(k, k).size()", 55n, 55n],
  ["string(x).size()", 3n, 3n],
  ["string(s).size()", 3n, 3n],
  ["bytes(s).size()", 2n, 1844674407370955266n],
  ["bytes('abc').size()", 2n, 2n],
  ["string(b'abcd').size()", 2n, 2n],
  ["l.all(e, e.matches('^a'))", 2n, 18446744073709551615n],
  ["l.exists(e, e.contains(s))", 2n, 18446744073709551615n],
  ["m.all(k, k.startsWith('x'))", 2n, 18446744073709551615n],
  ["m.map(k, m[k])", 12n, 18446744073709551615n],
  ["ms.map(k, ms[k] + 'x').all(v, v.size() > 1)", 13n, 18446744073709551615n],
  ["l.map(e, e.split(',')).all(p, p.size() > 1)", 13n, 18446744073709551615n],
  ["l.all(e, e.split(',').all(p, p.size() > 0))", 2n, 18446744073709551615n],
  ["l.all(e, e.lowerAscii() == e)", 2n, 18446744073709551615n],
  ["s.lowerAscii().contains('a')", 1n, 3689348814741910529n],
  ["s.replace('a', 'b').contains('c')", 1n, 5534023222112865793n],
  ["'abc'.replace('b', 'xyz').contains('y')", 2n, 2n],
  ["s.split(',').join('-')", 1n, 5534023222112865793n],
  ["'a,b'.split(',').join('-')", 1n, 1844674407370955265n],
  ["'a,b'.split(',').join('-').size()", 2n, 1844674407370955266n],
  ["l.join(',').size()", 2n, 1844674407370955266n],
  ["['a', 'b'].join(',').size()", 12n, 1844674407370955275n],
  ["s.substring(1).size()", 2n, 1844674407370955266n],
  ["s.trim().contains('a')", 1n, 3689348814741910529n],
  ["'%d'.format([x]).size()", 13n, 13n],
  ["strings.quote(s).contains('a')", 2n, 1844674407370955265n],
  ["li.slice(0, 2).size()", 15n, 15n],
  ["li.slice(0, 2).all(e, e > 0)", 21n, 25n],
  ["[1, 2, 3].slice(0, 2).map(e, e)", 60n, 60n],
  ["lists.range(3).all(e, e < 3)", 24n, 30n],
  ["li.reverse().all(e, e > 0)", 13n, 18446744073709551615n],
  ["li.distinct().all(e, e > 0)", 13n, 18446744073709551615n],
  ["li.sort().all(e, e > 0)", 13n, 18446744073709551615n],
  ["ll.flatten().all(e, e > 0)", 13n, 18446744073709551615n],
  ["[[1], [2]].flatten().all(e, e > 0)", 50n, 54n],
  ["s.findAll('a').all(e, e == 'a')", 3n, 18446744073709551615n],
  ["s.findAll('a').size() > 0", 4n, 1844674407370955267n],
  ["url(s).getHost().size()", 3n, 1844674407370955267n],
  ["'abc'.charAt(0).size()", 2n, 2n],
  ["s.charAt(0) == 'a'", 3n, 3n],
  ["type(s) == string", 4n, 1844674407370955267n],
  ["int(x) == 1", 3n, 3n],
  ["x == 1 ? 'a' : 'b'", 2n, 2n],
  ["timestamp(x)", 2n, 2n],
  ["duration(s)", 2n, 2n],
  ["t.getDayOfWeek('UTC') == 1", 3n, 3n],
  ["o.value() + 1", 3n, 3n],
  ["o.hasValue() && o.value() > 0", 2n, 5n],
  ["[1, 2, 3].map(e, {'v': e})", 150n, 150n],
  ["[1, 2, 3].map(e, {'v': e}).all(m, m.v > 0)", 160n, 169n],
  ["{'a': {'b': 1}}.a.b", 62n, 62n],
  ["{'a': {'b': 1}}['a']['b']", 62n, 62n],
  ["{'a': [1, 2]}['a'].all(e, e > 0)", 48n, 52n],
  ["[[1, 2]][0].all(e, e > 0)", 28n, 32n],
  ["[['a', 'bc']][0].join(',')", 22n, 1844674407370955285n],
  ["['abc', 'de'][0].size()", 12n, 12n],
  ["['abc', 'de'][0].contains('a')", 12n, 12n],
  ["{'k': 'abcdef'}['k'].contains('b')", 32n, 32n],
  ["[1, 2].exists(e, [3, 4].exists(f, e == f))", 19n, 69n],
  ["l.exists(e, l.exists(f, l.exists(g, e + f == g)))", 2n, 18446744073709551615n],
  ["li.all(a, li.all(b, li.all(c, a + b > c)))", 2n, 18446744073709551615n],
  ["l.all(e, e in l)", 2n, 18446744073709551615n],
  ["l.all(e, e in ['a', 'b'])", 2n, 18446744073709551615n],
  ["li.exists(e, e in li)", 2n, 18446744073709551615n],
  ["[1, 2].all(e, e in li)", 17n, 18446744073709551615n],
  ["authorizer.group('').resource('pods').namespace('default').check('get').allowed()", 350005n, 350005n],
  ["authorizer.group('apps').resource('deployments').subresource('scale').namespace('ns').name('n').check('update').reason()", 350007n, 350007n],
  ["authorizer.path('/healthz').check('get').allowed()", 350003n, 350003n],
  ["authorizer.path(s).check('get').errored()", 350004n, 350004n],
  ["authorizer.serviceAccount('ns', 'sa').group('').resource('pods').check('list').error()", 350005n, 350005n],
  ["authorizer.group('').resource('pods').fieldSelector('spec.nodeName=a').check('list').allowed()", 350416n, 350416n],
  ["authorizer.group('').resource('pods').labelSelector(s).check('list').allowed()", 350015n, 18446744073709551615n],
  ["authorizer.group('').resource('pods').labelSelector('app=web,tier!=db').check('list').allowed()", 350416n, 350416n],
  ["authorizer.group('').resource('pods').check('get').allowed() && authorizer.group('').resource('pods').check('list').allowed()", 350004n, 700008n],
  ["authorizer.group('').resource('pods') == authorizer.group('').resource('pods')", 7n, 7n],
  ["authorizer.path('/x').check('get') == authorizer.path('/y').check('get')", 700005n, 700005n],
  ["authorizer == authorizer", 3n, 3n],
  ["[1, 2, 3].slice(2, 1)", 18446744073709551615n, 18446744073709551615n],
  ["[1, 2, 3].slice(5, 7)", 23n, 23n],
  ["li.slice(-1, 2)", 14n, 14n],
  ["lists.range(-1)", 11n, 11n],
  ["lists.range(0)", 11n, 11n],
  ["'s'.split(',', -1)", 1n, 1n],
  ["s.split(',', 0)", 1n, 3689348814741910529n],
  ["s.split(',', 0).size()", 2n, 3689348814741910530n],
  ["s.split(',', -1).size()", 2n, 3689348814741910530n],
  ["bytes(s) == bytes(s)", 3n, 5534023222112865794n],
  ["bytes(s).size()", 2n, 1844674407370955266n],
  ["bytes(s) + bytes('a')", 3n, 3689348814741910530n],
  ["string(bytes(s)) == s", 3n, 5534023222112865794n],
  ["strings.quote(s) == strings.quote(s)", 2n, 3689348814741910530n],
  ["strings.quote('ab') == 'x'", 2n, 2n],
  ["(strings.quote('ab') + 'c').size()", 3n, 3n],
  ["{s: s}.all(k, k.contains('a'))", 36n, 1844674407370955301n],
  ["{'ab': 'cde'}.all(k, k.contains('a'))", 34n, 36n],
  ["{'ab': 'cde'}.exists(k, v, v.contains(k))", 35n, 38n],
  ["[['a']].all(i, v, v.size() > i)", 24n, 28n],
  ["['ab', 'cde'].all(i, v, v.contains('a') && i < 3)", 17n, 25n],
  ["['ab', 'cde'].transformList(i, v, v + 'x').all(e, e.contains('a'))", 56n, 60n],
  ["{'a': 'bc'}.transformMap(k, v, v + k).all(k, k.contains('a'))", 71n, 1844674407370955336n],
  ["{'a': 'bc'}.transformMapEntry(k, v, {v: k}).all(k, k.contains('a'))", 99n, 1844674407370955364n],
  ["[s][0].contains('a')", 12n, 1844674407370955276n],
  ["['abc'][0].contains('a')", 12n, 12n],
  ["{'a': s}['a'].contains('b')", 32n, 1844674407370955296n],
  ["{'a': 'xyz'}['a'].contains('b')", 32n, 32n],
  ["{'a': ['xyz']}['a'][0].contains('b')", 42n, 1844674407370955306n],
  ["[['xyz']][0][0].contains('b')", 22n, 1844674407370955286n],
  ["optional.of(s).optMap(v, v.contains('a'))", 4n, 1844674407370955282n],
  ["optional.of('abc').optMap(v, v.contains('a'))", 3n, 1844674407370955280n],
  ["optional.of(['abc']).optMap(v, v.all(e, e.contains('a')))", 13n, 18446744073709551615n],
  ["optional.of(['abc']).optFlatMap(v, optional.of(v.size()))", 13n, 37n],
  ["l.sortBy(e, e).all(f, f.contains('a'))", 36n, 18446744073709551615n],
  ["['b', 'a'].sortBy(e, e).all(f, f.contains('a'))", 92n, 7378697629483821152n],
  ["l.map(e, e != '', e + 'x')", 12n, 18446744073709551615n],
  ["['a', 'b'].map(e, e != '', e + 'x').all(f, f.contains('x'))", 32n, 62n],
  ["(x > 0 ? ['ab'] : ['cde']).all(e, e.contains('a'))", 16n, 18n],
  ["(x > 0 ? ['ab'] : l).all(e, e.contains('a'))", 4n, 18446744073709551615n],
  ["(['ab'] + ['cde']).all(e, e.contains('a'))", 28n, 32n],
  ["(['ab'] + l).all(e, e.contains('a'))", 16n, 18446744073709551615n],
  ["(l + ['ab']).all(e, e.contains('a'))", 16n, 18446744073709551615n],
  ["dyn(['ab']).all(e, e.contains('a'))", 15n, 17n],
  ["dyn({'a': 'b'}).all(k, k.contains('a'))", 35n, 37n],
  ["[[1, 2], [3]].map(x, x.map(y, y + 1))", 117n, 145n],
  ["[[1, 2], [3]].map(x, x.map(y, y + 1)).all(z, z.all(w, w > 0))", 124n, 176n],
  ["l.map(a, a + 'x').map(b, b + 'y').all(c, c.size() > 0)", 24n, 18446744073709551615n],
  ["['a'].map(a, a + 'x').map(b, b + 'y').all(c, c.contains('a'))", 64n, 66n],
  ["['ab', 'c'].filter(e, e.size() > 1).all(e, e.contains('a'))", 36n, 64n],
  ["['ab', 'c'].map(e, [e]).all(e, e.all(f, f.contains('a')))", 74n, 3689348814741910614n],
  ["['ab', 'c'].map(e, {e: e}).all(e, e.all(f, f.contains('a')))", 116n, 3689348814741910656n],
  ["{'k': ['v1', 'v2']}.all(k, {'k': ['v1', 'v2']}[k].all(v, v.contains('1')))", 44n, 3689348814741910623n],
  ["[1, 2].map(i, [1, 2, 3]).all(l2, l2.size() == 3)", 72n, 78n],
  ["x > 0 ? dyn(l) : dyn(li)", 4n, 4n],
  ["m.exists(k, has(m.foo))", 2n, 18446744073709551615n],
  ["l.exists(e, has(m.foo) && e == 'a')", 2n, 18446744073709551615n],
  ["size([1, 2]) + size('abc') + size({'a': 1})", 45n, 45n],
  ["[1, 2].size() == 2", 12n, 12n],
  ["'abc'.size() == 3", 2n, 2n],
  ["b'abc'.size()", 1n, 1n],
  ["-5 < x", 2n, 2n],
  ["x % 3 == 0", 3n, 3n],
  ["1.0 + d > 2.0", 3n, 3n],
  ["[1, 2, 3][x]", 12n, 12n],
  ["{'a': 1}[s]", 32n, 32n],
  ["{1: 'a'}[x].contains('a')", 33n, 33n],
  ["{1: 'abc'}[x].contains('a')", 33n, 33n],
  ["m[s].size()", 4n, 4n],
  ["ms[s].contains('a')", 3n, 1844674407370955267n],
  ["l.all(e, ms[e].contains('x'))", 2n, 18446744073709551615n],
  ["type(l) == list", 4n, 1844674407370955267n],
  ["type(y) == map", 4n, 1844674407370955267n],
  ["null == y", 2n, 2n],
  ["y == null", 2n, 2n],
  ["[null]", 10n, 10n],
  ["{'a': null}", 30n, 30n],
  ["int('123') + 1", 2n, 2n],
  ["double('1.5')", 1n, 1n],
  ["uint('5')", 1n, 1n],
  ["bool('true')", 1n, 1n],
  ["string(true)", 1n, 1n],
  ["string(1.5)", 1n, 1n],
  ["dyn(1) == dyn(1.0)", 3n, 3n],
  ["y in l", 2n, 18446744073709551615n],
  ["y in m", 3n, 3n],
  ["s in ms", 3n, 3n],
  ["l == l", 3n, 1844674407370955266n],
  ["l == ['a']", 12n, 12n],
  ["[1, 2] == [1, 2]", 21n, 21n],
  ["li == [1, 2, 3]", 12n, 12n],
  ["m == m", 3n, 1844674407370955266n],
  ["ms == {'a': 'b'}", 32n, 32n],
  ["{'a': 1} == {'a': 1}", 61n, 61n],
  ["o == o", 3n, 3n],
  ["t - duration('1h') > t", 5n, 5n],
  ["duration('1h') + duration('2m')", 3n, 3n],
  ["t.getDate('UTC')", 2n, 2n],
  ["t.getMonth()", 2n, 2n],
  ["t.getDayOfYear()", 2n, 2n],
  ["t.getSeconds()", 2n, 2n],
  ["t.getMilliseconds()", 2n, 2n],
  ["duration('1h').getHours()", 2n, 2n],
  ["duration('1h').getSeconds()", 2n, 2n],
  ["duration('1h').getMilliseconds()", 2n, 2n],
  ["int(t)", 2n, 2n],
  ["string(t)", 2n, 2n],
  ["string(duration('1s'))", 2n, 2n],
  ["timestamp(1)", 1n, 1n],
  ["l.exists(e, e.matches(s))", 2n, 18446744073709551615n],
  ["l.all(e, e.lowerAscii().contains(s))", 2n, 18446744073709551615n],
  ["l.all(e, l.exists(f, e.startsWith(f)))", 2n, 18446744073709551615n],
  ["li.map(e, e * 2).sum()", 12n, 18446744073709551615n],
  ["li.map(e, e * 2).sort().reverse()", 34n, 18446744073709551615n],
  ["li.filter(e, e > 1).distinct().size()", 24n, 18446744073709551615n],
  ["lists.range(10).map(e, e * e).sum()", 192n, 192n],
  ["lists.range(3).map(e, lists.range(e)).flatten().size()", 18446744073709551615n, 18446744073709551615n],
  ["[3, 1].sort()[0]", 30n, 30n],
  ["['b', 'a'].sort()[0].contains('a')", 31n, 1844674407370955295n],
  ["l.sort()[0].contains('a')", 13n, 18446744073709551615n],
  ["sets.contains(lists.range(5), [1])", 32n, 32n],
  ["sets.equivalent(['a'], ['a', 'b'])", 25n, 25n],
  ["sets.intersects(l.map(e, e + 'x'), ['a'])", 23n, 18446744073709551615n],
  ["isURL(s) && url(s).getScheme() == 'https'", 2n, 1844674407370955269n],
  ["url(s).getQuery().size()", 3n, 1844674407370955267n],
  ["url(s).getQuery()['a'].size()", 4n, 1844674407370955268n],
  ["semver(s).isLessThan(semver(s))", 3n, 3689348814741910531n],
  ["semver(s).compareTo(semver('1.0.0')) < 0", 4n, 1844674407370955268n],
  ["quantity(s).add(quantity(s)).sub(1).isInteger()", 5n, 3689348814741910533n],
  ["quantity(s).compareTo(quantity('1')) == 0", 4n, 1844674407370955268n],
  ["ip(s).family() == 6 || cidr(s).prefixLength() > 8", 3n, 3689348814741910534n],
  ["cidr(s).masked() == cidr(s)", 4n, 3689348814741910532n],
  ["cidr(s).ip().isLoopback()", 3n, 1844674407370955267n],
  ["format.named(s).value().validate(s)", 4n, 18446744073709551615n],
  ["format.named('dns1123Label').value().validate(s)", 3n, 18446744073709551615n],
  ["format.qualifiedName().validate(s)", 2n, 18446744073709551615n],
  ["format.labelValue().validate('abc')", 33n, 33n],
  ["format.dns1035Label().validate(s).hasValue()", 3n, 18446744073709551615n],
  ["format.uri().validate(s).hasValue()", 3n, 18446744073709551615n],
  ["format.uuid().validate(s)", 2n, 18446744073709551615n],
  ["format.byte().validate(s)", 2n, 18446744073709551615n],
  ["format.date().validate(s)", 2n, 18446744073709551615n],
  ["format.datetime().validate(s)", 2n, 18446744073709551615n],
];

/** Bounded and unbounded strings, lists and maps, nested objects, formats, int-or-string, enums. */
const crdProperties: Readonly<Record<string, OpenApiV3Schema>> = {
  "name": {
    "type": "string",
    "maxLength": 63
  },
  "desc": {
    "type": "string"
  },
  "tags": {
    "type": "array",
    "maxItems": 10,
    "items": {
      "type": "string",
      "maxLength": 16
    }
  },
  "items": {
    "type": "array",
    "items": {
      "type": "string"
    }
  },
  "ports": {
    "type": "array",
    "maxItems": 5,
    "items": {
      "type": "integer"
    }
  },
  "labels": {
    "type": "object",
    "maxProperties": 8,
    "additionalProperties": {
      "type": "string",
      "maxLength": 32
    }
  },
  "annotations": {
    "type": "object",
    "additionalProperties": {
      "type": "string"
    }
  },
  "nested": {
    "type": "object",
    "properties": {
      "list": {
        "type": "array",
        "maxItems": 3,
        "items": {
          "type": "object",
          "required": [
            "name"
          ],
          "properties": {
            "name": {
              "type": "string",
              "maxLength": 10
            },
            "values": {
              "type": "array",
              "maxItems": 4,
              "items": {
                "type": "string",
                "maxLength": 5
              }
            }
          }
        }
      }
    }
  },
  "replicas": {
    "type": "integer"
  },
  "maxReplicas": {
    "type": "integer"
  },
  "ratio": {
    "type": "number"
  },
  "enabled": {
    "type": "boolean"
  },
  "when": {
    "type": "string",
    "format": "date-time"
  },
  "day": {
    "type": "string",
    "format": "date"
  },
  "dur": {
    "type": "string",
    "format": "duration"
  },
  "data": {
    "type": "string",
    "format": "byte",
    "maxLength": 100
  },
  "blob": {
    "type": "string",
    "format": "byte"
  },
  "ios": {
    "x-kubernetes-int-or-string": true,
    "maxLength": 10
  },
  "iosAny": {
    "x-kubernetes-int-or-string": true
  },
  "mode": {
    "type": "string",
    "enum": [
      "a",
      "bbb"
    ]
  },
  "matrix": {
    "type": "array",
    "maxItems": 4,
    "items": {
      "type": "array",
      "maxItems": 4,
      "items": {
        "type": "integer"
      }
    }
  },
  "objs": {
    "type": "array",
    "items": {
      "type": "object",
      "required": [
        "id"
      ],
      "properties": {
        "id": {
          "type": "string",
          "maxLength": 8
        },
        "count": {
          "type": "integer"
        }
      }
    }
  },
  "ip": {
    "type": "string",
    "maxLength": 45
  },
  "cidr": {
    "type": "string",
    "maxLength": 49
  },
  "q": {
    "type": "string",
    "maxLength": 20
  },
  "link": {
    "type": "string",
    "maxLength": 200
  },
  "version": {
    "type": "string",
    "maxLength": 30
  },
  "sel": {
    "type": "string",
    "maxLength": 100
  },
  "set": {
    "type": "array",
    "maxItems": 6,
    "x-kubernetes-list-type": "set",
    "items": {
      "type": "string",
      "maxLength": 4
    }
  },
  "kv": {
    "type": "array",
    "maxItems": 7,
    "x-kubernetes-list-type": "map",
    "x-kubernetes-list-map-keys": [
      "k"
    ],
    "items": {
      "type": "object",
      "required": [
        "k"
      ],
      "properties": {
        "k": {
          "type": "string",
          "maxLength": 3
        },
        "v": {
          "type": "integer"
        }
      }
    }
  },
  "mapOfLists": {
    "type": "object",
    "maxProperties": 3,
    "additionalProperties": {
      "type": "array",
      "maxItems": 2,
      "items": {
        "type": "string",
        "maxLength": 6
      }
    }
  },
  "nums": {
    "type": "array",
    "items": {
      "type": "number"
    }
  },
  "bools": {
    "type": "array",
    "maxItems": 9,
    "items": {
      "type": "boolean"
    }
  },
  "times": {
    "type": "array",
    "maxItems": 3,
    "items": {
      "type": "string",
      "format": "date-time"
    }
  },
  "foo-bar": {
    "type": "string",
    "maxLength": 7
  },
  "empty": {
    "type": "string",
    "maxLength": 0
  }
};

const crdSchema: OpenApiV3Schema = { type: 'object', required: ['name'], properties: crdProperties };

/** crdSchema with a spec of nested lists of objects, for the random rules. */
const randomRulesSchema: OpenApiV3Schema = {
  ...crdSchema,
  properties: {
    ...crdProperties,
    spec: {
      "type": "object",
      "properties": {
        "containers": {
          "type": "array",
          "maxItems": 20,
          "items": {
            "type": "object",
            "required": [
              "name"
            ],
            "properties": {
              "name": {
                "type": "string",
                "maxLength": 63
              },
              "image": {
                "type": "string"
              },
              "args": {
                "type": "array",
                "maxItems": 5,
                "items": {
                  "type": "string",
                  "maxLength": 12
                }
              },
              "env": {
                "type": "array",
                "maxItems": 50,
                "items": {
                  "type": "object",
                  "properties": {
                    "name": {
                      "type": "string",
                      "maxLength": 100
                    },
                    "value": {
                      "type": "string",
                      "maxLength": 1000
                    },
                    "n": {
                      "type": "integer"
                    }
                  }
                }
              },
              "limits": {
                "type": "object",
                "maxProperties": 4,
                "additionalProperties": {
                  "type": "string",
                  "maxLength": 10
                }
              }
            }
          }
        },
        "selector": {
          "type": "object",
          "maxProperties": 10,
          "additionalProperties": {
            "type": "string",
            "maxLength": 63
          }
        },
        "deep": {
          "type": "object",
          "properties": {
            "er": {
              "type": "object",
              "properties": {
                "list": {
                  "type": "array",
                  "maxItems": 6,
                  "items": {
                    "type": "object",
                    "properties": {
                      "a": {
                        "type": "array",
                        "maxItems": 3,
                        "items": {
                          "type": "string",
                          "maxLength": 8
                        }
                      },
                      "b": {
                        "type": "integer"
                      },
                      "c": {
                        "type": "string",
                        "maxLength": 20
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    },
  },
};

export interface SchemaCostGroup {
  readonly schema: OpenApiV3Schema;
  /** The schema is a resource root (apiVersion, kind and metadata added). */
  readonly root?: boolean;
  /** oldSelf is optional_type(self's type). */
  readonly optionalOldSelf?: boolean;
  readonly cases: readonly CostCase[];
}

export const schemaCostCases: readonly SchemaCostGroup[] = [
  {
    schema: crdSchema,
    cases: [
      ["self.name == 'a'", 3n, 3n],
      ["self.name != 'a'", 3n, 3n],
      ["self.name.size() < 10", 4n, 4n],
      ["self.name.size() <= self.desc.size()", 7n, 7n],
      ["self.desc == 'a'", 3n, 3n],
      ["self.name == self.desc", 5n, 30n],
      ["self.name == self.name", 5n, 30n],
      ["self.replicas == 1", 2n, 2n],
      ["self.replicas <= self.maxReplicas", 5n, 5n],
      ["self.replicas > 0 && self.ratio < 1.5", 3n, 6n],
      ["self.enabled", 2n, 2n],
      ["self.enabled == true", 2n, 2n],
      ["!self.enabled", 3n, 3n],
      ["has(self.name)", 1n, 1n],
      ["has(self.nested.list)", 2n, 2n],
      ["!has(self.desc) || self.desc.size() > 0", 2n, 6n],
      ["self.name.startsWith('web-')", 3n, 3n],
      ["self.name.endsWith('-x')", 3n, 3n],
      ["self.desc.startsWith('web-')", 3n, 3n],
      ["self.name.contains('x')", 2n, 28n],
      ["self.desc.contains('x')", 2n, 314575n],
      ["self.name.contains(self.desc)", 4n, 8178902n],
      ["self.desc.contains(self.name)", 4n, 8178902n],
      ["self.name.matches('^[a-z]+$')", 4n, 54n],
      ["self.desc.matches('^[a-z]+$')", 4n, 629148n],
      ["self.name.matches(self.desc)", 4n, 20447236n],
      ["self.name.lowerAscii() == 'abc'", 3n, 29n],
      ["self.name.upperAscii().size()", 3n, 29n],
      ["self.desc.lowerAscii()", 2n, 314575n],
      ["self.name.replace('a', 'b')", 2n, 53n],
      ["self.name.replace('a', 'bb').size()", 3n, 54n],
      ["self.name.replace('', 'x').size()", 3n, 54n],
      ["self.name.replace('ab', 'c').size()", 3n, 54n],
      ["self.name.replace(self.desc, 'x').size()", 5n, 56n],
      ["self.name.replace('a', self.desc).size()", 5n, 56n],
      ["self.name.split('-')", 2n, 53n],
      ["self.name.split('-').size()", 3n, 54n],
      ["self.name.split('-', 3).size()", 3n, 54n],
      ["self.name.split('-').all(p, p.size() > 0)", 3n, 1566n],
      ["self.desc.split(',').all(p, p.size() > 0)", 3n, 19503505n],
      ["self.name.substring(1)", 2n, 28n],
      ["self.name.substring(1, 3).size()", 3n, 29n],
      ["self.name.trim().size()", 3n, 29n],
      ["self.name.charAt(0)", 3n, 3n],
      ["self.name.indexOf('a')", 2n, 28n],
      ["self.desc.indexOf('a')", 2n, 314575n],
      ["self.name.lastIndexOf('a', 2)", 2n, 28n],
      ["self.tags.join(',')", 2n, 67n],
      ["self.tags.join(',').size()", 3n, 68n],
      ["self.tags.join()", 2n, 66n],
      ["self.items.join(',')", 2n, 329853068905n],
      ["self.set.join('')", 2n, 12n],
      ["self.name + self.name", 4n, 55n],
      ["(self.name + self.name).size()", 5n, 56n],
      ["(self.name + '-suffix').size()", 4n, 29n],
      ["(self.name + self.desc).size()", 5n, 314603n],
      ["self.name + '-' + self.mode", 6n, 56n],
      ["self.mode == 'a'", 3n, 3n],
      ["self.mode.size()", 3n, 3n],
      ["self.mode + 'x'", 3n, 3n],
      ["self.tags.size() < 5", 4n, 4n],
      ["self.tags.all(t, t.size() < 10)", 3n, 63n],
      ["self.tags.exists(t, t == 'a')", 3n, 63n],
      ["self.tags.exists_one(t, t.startsWith('a'))", 4n, 44n],
      ["self.tags.map(t, t + 'x')", 13n, 213n],
      ["self.tags.map(t, t.size())", 13n, 153n],
      ["self.tags.filter(t, t.contains('a'))", 13n, 223n],
      ["self.tags.filter(t, t.contains('a')).size()", 14n, 224n],
      ["self.tags.all(t, t.matches('^[a-z]+$'))", 3n, 183n],
      ["self.items.all(t, t.matches('^[a-z]+$'))", 3n, 659710961253n],
      ["self.items.all(t, t.size() < 10)", 3n, 6291453n],
      ["self.items.exists(t, t == 'a')", 3n, 6291453n],
      ["self.items.size()", 3n, 3n],
      ["self.ports.all(p, p > 0 && p < 65536)", 3n, 38n],
      ["self.ports.exists(p, p == 80)", 3n, 28n],
      ["self.ports.map(p, p * 2)", 13n, 83n],
      ["self.ports.sum()", 2n, 7n],
      ["self.ports.min()", 2n, 7n],
      ["self.ports.max()", 2n, 7n],
      ["self.ports.isSorted()", 2n, 7n],
      ["self.ports.indexOf(80)", 2n, 7n],
      ["self.tags.indexOf('a')", 2n, 82n],
      ["self.items.indexOf('a')", 2n, 329854432052n],
      ["self.tags.lastIndexOf('a')", 2n, 82n],
      ["self.tags.min()", 2n, 82n],
      ["self.tags.isSorted()", 2n, 82n],
      ["self.nums.sum()", 2n, 1572865n],
      ["self.bools.indexOf(true)", 2n, 11n],
      ["self.tags.sort()", 13n, 223n],
      ["self.ports.sort()", 13n, 63n],
      ["self.tags.distinct()", 13n, 213n],
      ["self.ports.distinct().size()", 14n, 64n],
      ["self.tags.reverse()", 13n, 23n],
      ["self.tags.slice(0, 2)", 15n, 15n],
      ["self.tags.slice(1, 20)", 32n, 32n],
      ["self.ports.slice(0, self.replicas)", 20n, 20n],
      ["self.matrix.flatten()", 13n, 17n],
      ["self.matrix.flatten().size()", 14n, 18n],
      ["self.matrix.flatten(1)", 13n, 17n],
      ["self.matrix.all(r, r.all(c, c > 0))", 3n, 103n],
      ["self.matrix.map(r, r.size())", 13n, 69n],
      ["self.matrix.exists(r, r.exists(c, c == 0))", 3n, 107n],
      ["self.tags.sortBy(t, t.size())", 36n, 376n],
      ["self.ports.sortBy(p, -p)", 36n, 156n],
      ["self.objs.sortBy(o, o.id)", 36n, 171745574999n],
      ["sets.contains(self.tags, ['a'])", 13n, 23n],
      ["sets.contains(self.tags, self.set)", 5n, 65n],
      ["sets.equivalent(self.set, self.tags)", 5n, 125n],
      ["sets.intersects(self.items, self.tags)", 5n, 10485755n],
      ["sets.contains(self.ports, [1, 2])", 13n, 23n],
      ["self.labels.size() < 5", 4n, 4n],
      ["self.labels.all(k, k.startsWith('app'))", 3n, 43n],
      ["self.labels.all(k, self.labels[k].size() < 10)", 3n, 75n],
      ["self.labels.exists(k, self.labels[k] == 'x')", 3n, 75n],
      ["self.labels.map(k, self.labels[k])", 13n, 141n],
      ["self.labels['app'] == 'web'", 4n, 4n],
      ["self.labels['app'].size()", 4n, 4n],
      ["'app' in self.labels", 3n, 3n],
      ["self.labels.app == 'web'", 4n, 4n],
      ["has(self.labels.app)", 2n, 2n],
      ["self.labels.?app.orValue('') == 'x'", 5n, 5n],
      ["self.labels[?'app'].orValue('')", 4n, 4n],
      ["self.annotations.all(k, k.size() < 10)", 3n, 2359293n],
      ["self.annotations.all(k, self.annotations[k].size() < 10)", 3n, 3538938n],
      ["self.annotations['a'].size()", 4n, 4n],
      ["self.annotations.exists(k, self.annotations[k].contains('x'))", 3n, 123697967918n],
      ["self.labels.all(k, v, v.size() > 0)", 3n, 51n],
      ["self.labels.exists(k, v, k == v)", 3n, 51n],
      ["self.tags.all(i, t, i < 5 && t.size() > 0)", 3n, 83n],
      ["self.tags.exists(i, t, t == 'x')", 3n, 63n],
      ["self.tags.transformList(i, t, t + 'x')", 13n, 213n],
      ["self.labels.transformMap(k, v, v + k)", 33n, 177n],
      ["self.labels.transformMapEntry(k, v, {v: k})", 33n, 305n],
      ["self.nested.list.all(e, e.name.size() > 0)", 4n, 25n],
      ["self.nested.list.all(e, e.values.all(v, v.size() < 5))", 4n, 94n],
      ["self.nested.list.exists(e, e.values.exists(v, v == e.name))", 4n, 133n],
      ["self.nested.list.map(e, e.name)", 14n, 56n],
      ["self.nested.list.map(e, e.name).join(',')", 14n, 1844674407370955320n],
      ["self.nested.list.map(e, e.values.join('+')).join(',')", 14n, 1844674407370955347n],
      ["self.nested.list[0].name", 5n, 5n],
      ["self.nested.list[0].name.size()", 6n, 6n],
      ["self.nested.list[0].values[1].size()", 7n, 7n],
      ["self.nested.list[0].values.all(v, v.size() > 0)", 6n, 30n],
      ["has(self.nested.list[0].values)", 4n, 4n],
      ["self.nested.list.all(e, has(e.values))", 4n, 16n],
      ["self.objs.all(o, o.id.size() < 5)", 3n, 2001828n],
      ["self.objs.all(o, o.count > 0)", 3n, 1715853n],
      ["self.objs.exists(o, o.id == 'a')", 3n, 2001828n],
      ["self.objs.map(o, o.id)", 13n, 4003663n],
      ["self.objs.map(o, o.id).size()", 14n, 4003664n],
      ["self.objs.filter(o, o.count > 1).size() > 0", 15n, 4575615n],
      ["self.objs.size()", 3n, 3n],
      ["self.kv.all(e, e.k.size() > 0)", 3n, 52n],
      ["self.kv.exists(e, e.v == 1)", 3n, 45n],
      ["self.kv[0].k", 4n, 4n],
      ["self.set.all(s, s.size() == 4)", 3n, 39n],
      ["self.mapOfLists.all(k, self.mapOfLists[k].all(v, v.size() < 3))", 3n, 63n],
      ["self.mapOfLists['a'].size()", 4n, 4n],
      ["self.mapOfLists['a'].join(',')", 3n, 8n],
      ["self.mapOfLists.all(k, v, v.size() > 0)", 3n, 21n],
      ["self.bools.all(b, b)", 3n, 39n],
      ["self.bools.exists(b, !b)", 3n, 57n],
      ["self.times.all(t, t > timestamp('2020-01-01T00:00:00Z'))", 3n, 21n],
      ["self.when > timestamp('2020-01-01T00:00:00Z')", 4n, 4n],
      ["self.when == self.when", 5n, 8n],
      ["self.when == timestamp('2020-01-01T00:00:00Z')", 4n, 4n],
      ["self.when.getFullYear() > 2000", 4n, 4n],
      ["self.day < self.when", 5n, 5n],
      ["self.day == self.day", 5n, 6n],
      ["self.dur > duration('1h')", 4n, 4n],
      ["self.dur == self.dur", 5n, 8n],
      ["self.dur == duration('1h')", 4n, 4n],
      ["self.data.size()", 3n, 3n],
      ["self.data == b'abc'", 3n, 3n],
      ["self.data == self.data", 5n, 14n],
      ["self.blob == self.blob", 5n, 314577n],
      ["self.blob.size() > 0", 4n, 4n],
      ["string(self.data).size()", 3n, 13n],
      ["self.data + self.data", 4n, 24n],
      ["self.ios == 1", 3n, 3n],
      ["self.ios == 'a'", 3n, 3n],
      ["type(self.ios) == string ? self.ios.size() > 0 : self.ios > 0", 7n, 8n],
      ["self.iosAny == 'x'", 3n, 3n],
      ["self.iosAny == self.iosAny", 5n, 314577n],
      ["type(self.iosAny) == int", 4n, 4n],
      ["string(self.replicas).size()", 4n, 4n],
      ["string(self.ratio)", 3n, 3n],
      ["self.name.find('[0-9]+')", 4n, 54n],
      ["self.name.findAll('[0-9]')", 4n, 54n],
      ["self.name.findAll('[0-9]').size()", 5n, 55n],
      ["self.desc.find('a')", 3n, 314575n],
      ["self.desc.findAll('a', 3).all(e, e == 'a')", 4n, 12897480n],
      ["isURL(self.link)", 3n, 3n],
      ["url(self.link).getHost()", 3n, 83n],
      ["url(self.link).getHost() == 'x'", 4n, 84n],
      ["url(self.link) == url(self.link)", 5n, 244n],
      ["url(self.link) == url('https://example.com')", 5n, 86n],
      ["url('https://example.com') == url(self.link)", 5n, 164n],
      ["url(self.desc) == url(self.link)", 5n, 314737n],
      ["isQuantity(self.q)", 2n, 10n],
      ["quantity(self.q).isLessThan(quantity('1Gi'))", 4n, 12n],
      ["quantity(self.q) == quantity('1Gi')", 4n, 12n],
      ["quantity(self.desc).asInteger() > 0", 4n, 314577n],
      ["isIP(self.ip)", 2n, 20n],
      ["ip(self.ip).family() == 4", 4n, 22n],
      ["ip.isCanonical(self.ip)", 2n, 38n],
      ["ip(self.ip) == ip('1.2.3.4')", 4n, 22n],
      ["isCIDR(self.cidr)", 2n, 22n],
      ["cidr(self.cidr).containsIP(self.ip)", 5n, 46n],
      ["cidr(self.cidr).containsIP(ip(self.ip))", 5n, 46n],
      ["cidr(self.cidr).containsCIDR(self.cidr)", 7n, 51n],
      ["cidr(self.cidr).containsCIDR(self.desc)", 7n, 314604n],
      ["cidr(self.cidr).containsIP(self.desc)", 5n, 314601n],
      ["cidr(self.cidr).ip() == ip(self.ip)", 6n, 44n],
      ["isSemver(self.version)", 2n, 14n],
      ["semver(self.version).major() > 1", 4n, 16n],
      ["semver(self.version) == semver('1.0.0')", 4n, 16n],
      ["isSemver(self.desc, true)", 2n, 314575n],
      ["format.dns1123Label().validate(self.name).hasValue()", 4n, 836n],
      ["format.dns1123Label().validate(self.desc)", 3n, 10066339n],
      ["format.named(self.mode).hasValue()", 4n, 4n],
      ["format.named(self.mode).value().validate(self.name)", 6n, 838n],
      ["'%s has %d'.format([self.name, self.replicas])", 15n, 15n],
      ["self.name.format([self.replicas])", 14n, 40n],
      ["strings.quote(self.name)", 2n, 28n],
      ["strings.quote(self.name).size()", 3n, 29n],
      ["strings.quote(self.desc).size()", 3n, 314576n],
      ["self.name.lowerAscii().matches('^a')", 3n, 54n],
      ["self.name.replace('-', '').matches('^[a-z]+$')", 4n, 105n],
      ["self.tags.map(t, t.lowerAscii()).all(t, t.size() > 0)", 14n, 274n],
      ["self.tags.map(t, t + t).all(t, t.size() > 0)", 14n, 344n],
      ["self.tags.map(t, [t, t]).all(p, p.size() > 0)", 14n, 314n],
      ["self.tags.filter(t, t != '').map(t, t.upperAscii())", 24n, 294n],
      ["self.tags + ['x']", 13n, 13n],
      ["(self.tags + ['x']).size()", 14n, 14n],
      ["(self.tags + self.tags).all(t, t.size() > 0)", 6n, 126n],
      ["(self.tags + self.items).size()", 6n, 6n],
      ["(self.ports + [1]).all(p, p > 0)", 17n, 44n],
      ["self.replicas > 0 ? self.name : self.desc", 5n, 5n],
      ["(self.replicas > 0 ? self.name : 'x').size()", 4n, 6n],
      ["(self.replicas > 0 ? self.tags : self.set).all(t, t.size() > 0)", 6n, 66n],
      ["(self.replicas > 0 ? self.name : self.mode).contains('a')", 5n, 31n],
      ["self.tags.all(t, self.tags.all(u, t == u))", 3n, 1263n],
      ["self.tags.all(t, self.items.all(u, t == u))", 3n, 125829063n],
      ["self.ports.all(a, self.ports.all(b, a <= b))", 3n, 183n],
      ["self.matrix.all(r, self.matrix.all(s, r.size() == s.size()))", 3n, 155n],
      ["self.labels.all(k, self.tags.exists(t, t == k))", 3n, 531n],
      ["self.tags.exists(t, t in self.labels)", 3n, 83n],
      ["self.name in self.tags", 4n, 14n],
      ["self.name in self.items", 4n, 1048579n],
      ["self.name in ['a', 'b']", 14n, 14n],
      ["self.replicas in self.ports", 4n, 9n],
      ["'x' in self.set", 2n, 8n],
      ["dyn(self.name).size()", 4n, 4n],
      ["dyn(self.tags).all(t, t == 'a')", 4n, 44n],
      ["dyn(self).name == 'x'", 2n, 2n],
      ["self.foo__dash__bar.size()", 3n, 3n],
      ["self.empty.size()", 3n, 3n],
      ["self.empty == ''", 2n, 2n],
      ["self.empty.contains('a')", 2n, 2n],
      ["self == oldSelf", 2n, 2n],
      ["self.name == oldSelf.name", 5n, 30n],
      ["self.tags == oldSelf.tags", 5n, 5n],
      ["self.labels == oldSelf.labels", 5n, 5n],
      ["self.ports == oldSelf.ports", 5n, 5n],
      ["self.nested == oldSelf.nested", 4n, 4n],
      ["self.desc == oldSelf.desc", 5n, 314577n],
      ["oldSelf.tags.all(t, t in self.tags)", 3n, 163n],
      ["[1, 2, 3].all(e, e > 0)", 20n, 26n],
      ["['a', 'b'].all(e, e == self.name)", 17n, 23n],
      ["[self.name, self.desc].all(e, e.size() > 0)", 21n, 27n],
      ["[self.name, 'abc'].exists(e, e.contains('b'))", 21n, 23n],
      ["{'a': self.name}.all(k, k.size() > 0)", 36n, 39n],
      ["{'a': self.name}['a'].size()", 34n, 34n],
      ["{'a': self.tags}['a'].all(t, t.size() > 0)", 34n, 94n],
      ["[self.tags][0].all(t, t.size() > 0)", 14n, 74n],
      ["[self.tags, self.items][0].size()", 16n, 16n],
      ["self.tags[0]", 3n, 3n],
      ["self.tags[0].size()", 4n, 4n],
      ["self.tags[0].contains('a')", 3n, 10n],
      ["self.items[0].contains('a')", 3n, 314576n],
      ["self.objs[0].id.size()", 5n, 5n],
      ["self.matrix[0][0] == 1", 4n, 4n],
      ["self.matrix[0].size()", 4n, 4n],
      ["self.tags.map(t, t.size()).sum()", 13n, 163n],
      ["self.tags.map(t, t).join(',')", 13n, 1844674407370955407n],
      ["self.tags.filter(t, t.size() > 1).join(',').size()", 14n, 1844674407370955438n],
      ["lists.range(self.replicas).all(i, i >= 0)", 18446744073709551615n, 18446744073709551615n],
      ["self.name.split('-').join('.')", 2n, 1844674407370955317n],
      ["self.name.split('').size()", 3n, 54n],
      ["self.tags.transformList(i, t, i > 1, t + 'x').size()", 14n, 234n],
      ["self.objs.exists(o, o.id.matches('^[a-z]+$'))", 3n, 4003653n],
      ["self.objs.all(o, o.id in self.tags)", 3n, 4861578n],
      ["self.nested.list.map(e, e.values).flatten().all(v, v.size() > 0)", 26n, 89n],
      ["self.nested.list.all(e, e.values.join(',').size() < 20)", 4n, 52n],
      ["self.ports.map(p, string(p)).join(',')", 13n, 1844674407370955347n],
      ["self.ports.map(p, string(p)).join(',').size()", 14n, 1844674407370955348n],
    ],
  },
  {
    schema: {
      "type": "object",
      "properties": {
        "spec": {
          "type": "object",
          "properties": {
            "a": {
              "type": "string",
              "maxLength": 5
            }
          }
        }
      }
    },
    root: true,
    cases: [
      ["self.metadata.name.size() < 10", 5n, 5n],
      ["self.kind == 'X'", 3n, 3n],
      ["self.metadata.name.matches('^a')", 4n, 314576n],
      ["has(self.spec) && self.spec.a.size() > 0", 1n, 6n],
    ],
  },
  {
    schema: {"type": "array", "maxItems": 10, "items": {"type": "string", "maxLength": 5}},
    cases: [
      ["self.all(e, e.size() < 3)", 2n, 62n],
      ["self.size() < 3", 3n, 3n],
      ["self.exists(e, e == 'a')", 2n, 62n],
      ["self.map(e, e + 'x').size()", 13n, 173n],
      ["[1,2].all(e, e == 1)", 17n, 21n],
      ["['a','b'].all(e, e == 'c')", 17n, 21n],
      ["{'a':1}.all(k, k == 'a')", 34n, 36n],
      ["self.join(',').size()", 2n, 23n],
      ["self.sort()", 12n, 222n],
      ["self.all(e, self.all(f, e == f))", 2n, 752n],
      ["self.transformList(i, v, v).size()", 13n, 143n],
      ["self.all(i, v, i < 1)", 2n, 52n],
      ["[1, 2].all(i, v, v > i)", 17n, 23n],
      ["self == oldSelf", 3n, 3n],
      ["self[0].size()", 3n, 3n],
      ["self.indexOf('a')", 1n, 31n],
    ],
  },
  {
    schema: {"type": "array", "items": {"type": "string"}},
    cases: [
      ["self.all(e, e.size() < 3)", 2n, 6291452n],
      ["self.size() < 3", 3n, 3n],
      ["self.exists(e, e.contains('a'))", 2n, 329858626352n],
      ["self.map(e, e.lowerAscii()).size()", 13n, 329867014963n],
      ["[1,2].all(e, e == 1)", 17n, 21n],
      ["self.all(e, self.exists(f, e == f))", 2n, 345882608639724752n],
    ],
  },
  {
    schema: {"type": "object", "maxProperties": 4, "additionalProperties": {"type": "integer"}},
    cases: [
      ["self.all(k, self[k] > 0)", 2n, 30n],
      ["self.all(k, k.size() < 3)", 2n, 26n],
      ["self.exists(k, v, v == 1)", 2n, 22n],
      ["self.size() == 1", 3n, 3n],
      ["['a'].all(e, e == 'x')", 14n, 16n],
      ["self.transformMap(k, v, v + 1).size()", 33n, 53n],
    ],
  },
  {
    schema: {"type": "string", "maxLength": 12},
    cases: [
      ["self.size() < 3", 3n, 3n],
      ["self.matches('^a')", 2n, 6n],
      ["self.contains('a')", 1n, 6n],
      ["self == oldSelf", 3n, 7n],
      ["self.lowerAscii() == 'a'", 2n, 7n],
      ["[1].all(e, e == 1)", 14n, 16n],
      ["['abc'].all(e, e.contains('b'))", 14n, 20n],
      ["self.split(',').all(p, p.size() > 1)", 2n, 300n],
      ["self.find('a') == 'a'", 3n, 7n],
      ["isURL(self)", 2n, 2n],
      ["url(self).getHost() == ''", 2n, 7n],
      ["quantity(self).isInteger()", 2n, 7n],
    ],
  },
  {
    schema: {"type": "integer"},
    cases: [
      ["self > 0", 2n, 2n],
      ["self == oldSelf", 2n, 2n],
      ["[1,2].all(e, e == self)", 17n, 21n],
      ["[1,2].exists(e, e == 1)", 19n, 21n],
      ["string(self).size()", 3n, 3n],
    ],
  },
  {
    schema: {
      "type": "object",
      "properties": {
        "spec": {
          "type": "object",
          "required": [
            "name"
          ],
          "properties": {
            "name": {
              "type": "string",
              "maxLength": 253
            },
            "namespace": {
              "type": "string",
              "maxLength": 63
            },
            "foo.bar": {
              "type": "string",
              "maxLength": 9
            },
            "containers": {
              "type": "array",
              "maxItems": 20,
              "items": {
                "type": "object",
                "required": [
                  "name",
                  "image"
                ],
                "properties": {
                  "name": {
                    "type": "string",
                    "maxLength": 63
                  },
                  "image": {
                    "type": "string"
                  },
                  "env": {
                    "type": "array",
                    "maxItems": 50,
                    "items": {
                      "type": "object",
                      "properties": {
                        "name": {
                          "type": "string",
                          "maxLength": 100
                        },
                        "value": {
                          "type": "string",
                          "maxLength": 1000
                        }
                      }
                    }
                  },
                  "ports": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {
                        "containerPort": {
                          "type": "integer"
                        },
                        "protocol": {
                          "type": "string",
                          "enum": [
                            "TCP",
                            "UDP",
                            "SCTP"
                          ]
                        }
                      }
                    }
                  },
                  "resources": {
                    "type": "object",
                    "properties": {
                      "limits": {
                        "type": "object",
                        "additionalProperties": {
                          "x-kubernetes-int-or-string": true
                        }
                      }
                    }
                  }
                }
              }
            },
            "selector": {
              "type": "object",
              "maxProperties": 10,
              "additionalProperties": {
                "type": "string",
                "maxLength": 63
              }
            },
            "matrix": {
              "type": "object",
              "additionalProperties": {
                "type": "object",
                "additionalProperties": {
                  "type": "array",
                  "items": {
                    "type": "integer"
                  }
                }
              }
            },
            "template": {
              "type": "object",
              "x-kubernetes-embedded-resource": true,
              "x-kubernetes-preserve-unknown-fields": true,
              "properties": {
                "spec": {
                  "type": "object",
                  "properties": {
                    "replicas": {
                      "type": "integer"
                    }
                  }
                }
              }
            },
            "free": {
              "type": "object",
              "x-kubernetes-preserve-unknown-fields": true
            },
            "minReplicas": {
              "type": "integer"
            },
            "maxReplicas": {
              "type": "integer"
            }
          }
        },
        "status": {
          "type": "object",
          "properties": {
            "conditions": {
              "type": "array",
              "maxItems": 8,
              "x-kubernetes-list-type": "map",
              "x-kubernetes-list-map-keys": [
                "type"
              ],
              "items": {
                "type": "object",
                "required": [
                  "type",
                  "status"
                ],
                "properties": {
                  "type": {
                    "type": "string",
                    "maxLength": 316
                  },
                  "status": {
                    "type": "string",
                    "enum": [
                      "True",
                      "False",
                      "Unknown"
                    ]
                  },
                  "message": {
                    "type": "string",
                    "maxLength": 32768
                  },
                  "lastTransitionTime": {
                    "type": "string",
                    "format": "date-time"
                  }
                }
              }
            }
          }
        }
      }
    },
    cases: [
      ["self.spec.name.size() <= 253", 5n, 5n],
      ["self.spec.__namespace__.size() > 0", 5n, 5n],
      ["self.spec.foo__dot__bar == 'x'", 4n, 4n],
      ["self.spec.containers.all(c, c.name.size() > 0)", 4n, 144n],
      ["self.spec.containers.all(c, c.image.contains(':'))", 4n, 6291564n],
      ["self.spec.containers.all(c, c.image.matches('^[a-z./:-]+$'))", 4n, 18874484n],
      ["self.spec.containers.all(c, c.env.all(e, e.value.size() < 100))", 4n, 7124n],
      ["self.spec.containers.all(c, c.env.exists(e, e.name == 'HOME' && e.value.startsWith('/')))", 4n, 10124n],
      ["self.spec.containers.all(c, !has(c.ports) || c.ports.all(p, p.containerPort > 0))", 4n, 125829164n],
      ["self.spec.containers.all(c, c.ports.all(p, p.protocol == 'TCP'))", 4n, 125829124n],
      ["self.spec.containers.map(c, c.name).size() == self.spec.containers.size()", 20n, 300n],
      ["self.spec.containers.all(c, self.spec.containers.exists_one(d, d.name == c.name))", 4n, 12964n],
      ["self.spec.containers.exists(c, c.resources.limits.exists(k, k == 'cpu'))", 4n, 44939064n],
      ["self.spec.containers.all(c, !has(c.resources.limits) || c.resources.limits.all(k, type(c.resources.limits[k]) == string))", 4n, 89878004n],
      ["self.spec.selector.all(k, k.matches('^[a-z]+$') && self.spec.selector[k].size() < 64)", 4n, 134n],
      ["self.spec.selector.exists(k, v, k == v)", 4n, 324n],
      ["self.spec.matrix.all(k, self.spec.matrix[k].all(j, self.spec.matrix[k][j].all(n, n > 0)))", 4n, 1215966642356748289n],
      ["self.spec.matrix.all(k, v, v.all(j, w, w.size() > 0))", 4n, 927710183429n],
      ["self.spec.template.spec.replicas > 0", 6n, 6n],
      ["self.spec.template.apiVersion == 'v1'", 5n, 5n],
      ["self.spec.template.metadata.name.size() < 10", 7n, 7n],
      ["has(self.spec.free)", 2n, 2n],
      ["self.spec.minReplicas <= self.spec.maxReplicas", 7n, 7n],
      ["self.status.conditions.all(c, c.status in ['True', 'False', 'Unknown'])", 4n, 148n],
      ["self.status.conditions.exists(c, c.type == 'Ready' && c.status == 'True')", 4n, 84n],
      ["self.status.conditions.all(c, c.message.size() < 1000)", 4n, 60n],
      ["self.status.conditions.all(c, c.lastTransitionTime < timestamp('2100-01-01T00:00:00Z'))", 4n, 60n],
      ["self.status.conditions.map(c, c.type).all(t, t.size() > 0)", 15n, 175n],
      ["self.status.conditions.filter(c, c.status == 'True').size() <= 8", 16n, 144n],
      ["oldSelf.spec.name == self.spec.name", 7n, 108n],
      ["oldSelf.status.conditions.all(c, c.type in self.status.conditions.map(d, d.type))", 4n, 1116n],
      ["self.spec.containers.map(c, c.env.map(e, e.name)).flatten().size() < 100", 27n, 14547n],
      ["self.spec.containers.map(c, c.env.size()).sum() < 100", 15n, 335n],
      ["'name ' + self.spec.name + ' is bad'", 6n, 208n],
      ["self.spec.name + string(self.spec.minReplicas)", 7n, 1844674407370955271n],
      ["'%s has %d containers'.format([self.spec.name, self.spec.containers.size()])", 19n, 19n],
      ["self.spec.containers.map(c, c.name).join(', ')", 14n, 1844674407370955558n],
      ["self.status.conditions.map(c, c.message).join('; ')", 14n, 1844674407370955390n],
      ["self.spec.containers.all(c, c.env.all(e, e.value.split(',').all(p, p.size() > 0)))", 4n, 24806124n],
      ["self.spec.containers.all(c, c.env.all(e, url(e.value).getHost() != ''))", 4n, 406124n],
      ["self.spec.containers.sortBy(c, c.name).map(c, c.name).isSorted()", 48n, 18446744073709551615n],
      ["self.spec.containers.map(c, c.name).distinct().size() == self.spec.containers.size()", 31n, 1111n],
      ["sets.equivalent(self.spec.containers.map(c, c.name), oldSelf.spec.containers.map(c, c.name))", 29n, 1389n],
      ["self.spec.containers.all(i, c, i < 5 || c.name != '')", 4n, 144n],
      ["self.spec.containers.transformList(i, c, c.name).all(n, n.size() > 0)", 15n, 415n],
      ["self.spec.selector.transformMap(k, v, v.size()).all(k, k.size() > 0)", 35n, 145n],
      ["self.spec.containers[0].env[0].value.size()", 8n, 8n],
      ["self.spec.selector['app'].contains('x')", 4n, 30n],
      ["self.spec.containers.exists(c, c.env.exists(e, e.value in self.spec.selector))", 4n, 10144n],
    ],
  },
  {
    schema: {
      "type": "object",
      "properties": {
        "spec": {
          "type": "object",
          "properties": {
            "x": {
              "type": "string",
              "maxLength": 5
            }
          }
        }
      }
    },
    root: true,
    cases: [
      ["self.metadata.name.size() < 10", 5n, 5n],
      ["self.metadata.name.matches('^[a-z]+$')", 5n, 629149n],
      ["self.metadata.generateName.startsWith('a')", 4n, 4n],
      ["self.kind == 'Widget' && self.apiVersion.startsWith('example.com/')", 3n, 7n],
      ["self.spec.x.size() < 3", 5n, 5n],
      ["oldSelf.metadata.name == self.metadata.name", 7n, 314579n],
    ],
  },
  {
    schema: {
      "type": "array",
      "maxItems": 3,
      "items": {
        "type": "object",
        "properties": {
          "a": {
            "type": "string",
            "maxLength": 4
          },
          "b": {
            "type": "array",
            "maxItems": 2,
            "items": {
              "type": "string",
              "maxLength": 3
            }
          }
        }
      }
    },
    cases: [
      ["self.all(e, e.a.size() < 3)", 2n, 23n],
      ["self.all(e, e.b.all(f, f.size() < 2))", 2n, 56n],
      ["self.map(e, e.a).join(',').size()", 13n, 1844674407370955319n],
      ["self.all(i, e, e.b.all(j, f, f.size() > j))", 2n, 62n],
      ["['x'].all(e, e == 'x')", 14n, 16n],
      ["[['x']].all(e, e.all(f, f == 'x'))", 24n, 38n],
      ["[1, 2].map(e, e).all(f, f > 0)", 54n, 58n],
      ["self[0].a.size()", 4n, 4n],
      ["self.exists(e, e.a == self[0].a)", 2n, 35n],
    ],
  },
  {
    schema: {
      "type": "object",
      "additionalProperties": {
        "type": "array",
        "maxItems": 3,
        "items": {
          "type": "string",
          "maxLength": 2
        }
      }
    },
    cases: [
      ["self.all(k, self[k].all(v, v.size() < 2))", 2n, 9830377n],
      ["self.all(k, v, v.size() > 0)", 2n, 2359292n],
      ["self.exists(k, k.contains('a'))", 2n, 1966077n],
      ["['a'].exists(e, e.contains('a'))", 15n, 39338n],
      ["{'a': 'b'}.exists(k, k.contains('a'))", 35n, 39358n],
      ["self.map(k, self[k].size()).sum()", 12n, 6684667n],
    ],
  },
  {
    schema: {
      "type": "object",
      "properties": {
        "l": {
          "type": "array",
          "maxItems": 5,
          "items": {
            "type": "object",
            "properties": {
              "a": {
                "type": "array",
                "maxItems": 7,
                "items": {
                  "type": "integer"
                }
              },
              "b": {
                "type": "integer"
              }
            }
          }
        }
      }
    },
    cases: [
      ["self.l.all(e, e.a.all(x, e.b > 0))", 3n, 33n],
      ["self.l.all(e, e.a.all(x, x > 0))", 3n, 208n],
    ],
  },
  {
    schema: crdSchema,
    cases: [
      ["self.?name.orValue('') == 'a'", 4n, 4n],
      ["self.?name.orValue('').size()", 4n, 4n],
      ["self.?nested.?list.orValue([]).size()", 15n, 15n],
      ["self.?nested.?list.orValue([]).all(e, e.name.size() > 0)", 15n, 18446744073709551615n],
      ["self.labels[?'a'].orValue('').contains('x')", 4n, 1844674407370955268n],
      ["self.tags[?0].orValue('').size()", 5n, 5n],
      ["self.?desc.hasValue()", 3n, 3n],
      ["[?self.?name, 'x'].all(e, e.size() > 0)", 19n, 25n],
      ["{?'a': self.?name}.all(k, k == 'a')", 36n, 37n],
      ["self.?labels.optMap(l, l.size()).orValue(0) > 0", 6n, 21n],
      ["self.?tags.optMap(t, t.all(e, e.size() > 0)).orValue(true)", 5n, 18446744073709551615n],
      ["self.?tags.optFlatMap(t, optional.of(t.size())).orValue(0) > 1", 6n, 21n],
    ],
  },
  {
    schema: crdSchema,
    optionalOldSelf: true,
    cases: [
      ["oldSelf.hasValue() && oldSelf.value().name == self.name", 2n, 7n],
      ["!oldSelf.hasValue() || oldSelf.value().tags.all(t, t in self.tags)", 3n, 7n],
      ["oldSelf.orValue(self).name.size() > 0", 6n, 6n],
      ["oldSelf.optMap(o, o.name).orValue('') == self.name", 7n, 46n],
      ["oldSelf.?name.orValue('') == self.name", 6n, 31n],
      ["oldSelf.?tags.orValue([]).size() <= self.tags.size()", 18n, 18n],
    ],
  },
  {
    schema: randomRulesSchema,
    cases: [
      ["self.enabled", 2n, 2n],
      ["self.times.all(v1, v2, has(self.spec.deep.er))", 3n, 21n],
      ["self.set.exists(v1, self.nested.list[0].values.all(v2, self.items.exists(v3, self.ip == self.ip)))", 3n, 654311007n],
      ["self.kv[0].k >= self.sel", 7n, 8n],
      ["self.labels.exists_one(v1, self.spec.containers[0].image < self.tags[0])", 4n, 140n],
      ["self.maxReplicas == 1", 2n, 2n],
      ["has(self.spec.deep.er)", 3n, 3n],
      ["self.labels.size() < 0", 4n, 4n],
      ["self.spec.deep.er.list.exists(v1, v2, self.q != self.link)", 6n, 102n],
      ["self.kv.all(v1, v1.v == 1)", 3n, 38n],
      ["self.empty.startsWith('^[a-z]+$')", 3n, 3n],
      ["self.ports[0] < self.replicas", 6n, 6n],
      ["self.desc.size() == 7", 4n, 4n],
      ["self.nested.list.exists_one(v1, has(self.nested.list))", 5n, 17n],
      ["self.objs[0].id in self.items", 6n, 1048581n],
      ["self.objs.exists(v1, self.kv.exists(v2, self.maxReplicas > 1))", 3n, 16014603n],
      ["(self.kv.size() < 1 ? (self.mapOfLists.all(v1, ((self.version >= self.link && self.version >= self.desc) ? self.maxReplicas > 1 : self.link != self.set[0])) && self.ip.matches(self.cidr)) : has(self.when))", 5n, 1068n],
      ["self.name < self.items[0]", 6n, 31n],
      ["self.name.find('[a-z]+').size() < 10", 6n, 56n],
      ["self.mode.size() < 9", 4n, 4n],
      ["(self.objs[0].id.startsWith(self.version) || self.objs.size() < 8)", 6n, 22n],
      ["self.ports.exists_one(v1, (self.maxReplicas == (v1 + self.replicas) && self.enabled))", 4n, 54n],
      ["self.name.startsWith('ab')", 3n, 3n],
      ["self.times.exists(v1, v2, self.annotations.exists(v3, self.spec.containers[0].limits.all(v4, v5, ((self.desc.size() < 1 || v1 == 1) || self.empty != self.sel))))", 3n, 73138014n],
      ["self.version.startsWith('^[a-z]+$')", 3n, 3n],
      ["self.spec.deep.er.list.size() < 4", 7n, 7n],
      ["self.sel.endsWith('ab')", 3n, 3n],
      ["self.tags.size() > 0", 4n, 4n],
      ["self.bools.all(v1, v2, self.replicas > self.kv[0].v * 2)", 3n, 102n],
      ["self.spec.deep.er.list.exists(v1, v2, self.enabled)", 6n, 42n],
      ["self.annotations['k'] < self.items[0]", 7n, 314579n],
      ["(self.spec.selector.size() < 4 || self.nested.list.exists(v1, has(self.items)))", 5n, 24n],
      ["self.items.exists(v1, v2, has(self.spec.deep.er.list))", 3n, 8388603n],
      ["self.version.matches(self.mode.trim())", 4n, 18n],
      ["self.version in self.tags", 4n, 14n],
      ["((self.objs.size() == 4 || self.items.exists(v1, self.mode < self.q)) && self.replicas != 1)", 4n, 9437184n],
      ["self.name.endsWith(self.link.replace(self.cidr.substring(1), self.cidr))", 8n, 15968n],
      ["self.name.size() == 9", 4n, 4n],
      ["self.objs.size() == 7", 4n, 4n],
      ["self.tags.distinct().size() > 0", 15n, 215n],
      ["self.tags[0].endsWith('ab')", 4n, 4n],
      ["has(self.spec.deep.er.list)", 4n, 4n],
      ["self.empty >= self.empty", 4n, 4n],
      ["self.times.reverse().size() > 0", 15n, 18n],
      ["self.set.size() < 4", 4n, 4n],
      ["self.spec.selector.exists_one(v1, self.mode < self.name)", 5n, 75n],
      ["self.spec.containers[0].name != self.mode", 8n, 8n],
      ["self.set.distinct().size() > 0", 15n, 87n],
      ["self.spec.containers[0].image.startsWith('^[a-z]+$')", 6n, 6n],
      ["self.sel != self.q", 5n, 12n],
      ["self.mapOfLists.all(v1, v2, self.spec.deep.er.list.size() > 0)", 3n, 33n],
      ["has(self.spec.containers)", 2n, 2n],
      ["self.link.endsWith('^[a-z]+$')", 3n, 3n],
      ["self.spec.containers[0].env.map(v1, self.replicas).size() > 0", 18n, 718n],
      ["has(self.nested.list[0].values)", 4n, 4n],
      ["self.q.matches((self.q + self.spec.containers[0].args.filter(v1, (self.replicas != 1 || self.labels.size() < 5)).join(',')))", 20n, 18446744073709551615n],
      ["self.desc.size() == 6", 4n, 4n],
      ["has(self.nums)", 1n, 1n],
      ["self.matrix[0].map(v1, self.replicas).size() > 0", 16n, 72n],
      ["self.link.contains('^[a-z]+$')", 2n, 82n],
      ["self.set.exists_one(v1, (self.annotations.size() < 2 || self.tags.exists(v2, ['a', 'bc'].join().size() < 10)))", 4n, 18446744073709551615n],
      ["self.spec.containers[0].args.filter(v1, (((self.objs[0].id.endsWith('ab') && self.sel.size() < 0) || self.link.startsWith('ab')) ? self.nested.list[0].values.size() < 0 : self.q == self.empty)).size() > 0", 18n, 178n],
      ["self.link < self.ip", 5n, 22n],
      ["has(self.cidr)", 1n, 1n],
      ["self.spec.selector['k'].size() == 1", 6n, 6n],
      ["self.kv[0].k.find('[a-z]+').size() < 10", 8n, 10n],
      ["self.spec.selector.size() == 2", 5n, 5n],
      ["self.tags.exists(v1, has(self.spec.deep.er.list))", 3n, 83n],
      ["self.spec.containers[0].image.contains('^[a-z]+$')", 5n, 314578n],
      ["has(self.kv[0].v)", 3n, 3n],
      ["self.spec.deep.er.list.exists(v1, self.maxReplicas < (self.maxReplicas + self.maxReplicas))", 6n, 78n],
      ["self.desc.startsWith('^[a-z]+$')", 3n, 3n],
      ["self.times.all(v1, v2, self.desc >= self.objs[0].id)", 3n, 42n],
      ["self.mapOfLists['k'].join(',').size() < 10", 5n, 10n],
      ["self.times.exists(v1, v2, has(self.nested.list))", 3n, 21n],
      ["self.version.endsWith(self.ip.replace('', self.version))", 6n, 2232n],
      ["self.desc != self.spec.containers[0].name", 8n, 33n],
      ["self.maxReplicas < self.objs[0].count", 7n, 7n],
      ["self.times.all(v1, v2, self.mode != self.cidr)", 3n, 27n],
      ["self.name.endsWith('ab')", 3n, 3n],
      ["self.empty.size() == 9", 4n, 4n],
      ["self.name.size() < 8", 4n, 4n],
      ["self.objs.all(v1, self.desc in self.tags)", 3n, 4861578n],
      ["self.cidr == self.nested.list[0].name", 8n, 11n],
      ["((self.q + (self.annotations['k'] != self.desc ? self.mode : self.sel)).size() < 10 || self.nested.list[0].values.size() == 9)", 12n, 314639n],
      ["self.spec.deep.er.list.all(v1, self.name.endsWith(v1.a[0].lowerAscii()))", 6n, 102n],
      ["self.kv.exists(v1, self.set.size() < 0)", 3n, 59n],
      ["self.matrix.size() == 6", 4n, 4n],
      ["self.kv[0].k.startsWith(self.q)", 6n, 14n],
      ["self.replicas == 1", 2n, 2n],
      ["self.q >= self.name", 5n, 12n],
      ["(self.items.map(v1, self.maxReplicas * 2).size() > 0 || self.desc.endsWith('ab'))", 15n, 15728643n],
      ["self.times.exists(v1, self.maxReplicas > self.labels.size())", 3n, 33n],
      ["self.nested.list.size() > 0", 5n, 5n],
      ["self.empty == self.sel", 4n, 4n],
      ["self.nested.list.size() == 4", 5n, 5n],
      ["self.ip.matches('ab')", 3n, 21n],
      ["self.maxReplicas == self.items.size()", 5n, 5n],
      ["self.ip.endsWith('ab')", 3n, 3n],
      ["self.set.size() < 3", 4n, 4n],
      ["self.spec.selector.exists(v1, v2, self.mapOfLists.all(v3, v4, self.maxReplicas < self.replicas))", 4n, 314n],
      ["self.mode != self.spec.containers[0].name", 8n, 8n],
      ["self.items.size() > 0", 4n, 4n],
      ["self.items.size() == 4", 4n, 4n],
      ["self.q.matches('^[a-z]+$')", 4n, 20n],
      ["self.mode.matches('^[a-z]+$')", 4n, 4n],
      ["(self.spec.deep.er.list.size() < 1 ? (self.empty != self.link && string((self.replicas + 4)).size() < 10) : self.nested.list.map(v1, self.maxReplicas).size() > 0)", 11n, 65n],
      ["self.ports[0] == 1", 3n, 3n],
      ["self.mode.startsWith(self.q.replace('a', 'bb'))", 4n, 36n],
      ["(self.mode < self.mode && self.ports.all(v1, v2, self.version.contains('ab')))", 5n, 93n],
      ["self.spec.selector.all(v1, self.times.size() == 1)", 4n, 74n],
      ["self.spec.containers[0].env.exists(v1, self.enabled)", 6n, 306n],
      ["self.bools.size() < 6", 4n, 4n],
      ["self.q < self.mode", 5n, 5n],
      ["self.spec.selector.all(v1, v2, self.replicas > self.objs[0].count * 2)", 4n, 114n],
      ["self.version.contains('ab')", 2n, 14n],
      ["self.objs.exists_one(v1, self.cidr == self.empty)", 4n, 1715854n],
      ["self.nums.exists(v1, v2, self.desc.matches('ab'))", 3n, 494789669680n],
      ["self.data.size() == 6", 4n, 4n],
      ["self.set.size() > 0", 4n, 4n],
      ["self.set.exists(v1, self.objs[0].id.contains('ab'))", 3n, 75n],
      ["self.annotations.exists(v1, v2, self.spec.containers.exists(v3, v4, self.spec.selector.exists(v5, self.spec.selector.all(v6, ((self.replicas < 0 || self.name != v5) || v4.env[0].n > 1)))))", 3n, 11705224123n],
      ["self.sel.lowerAscii().size() < 10", 4n, 44n],
      ["self.mapOfLists.exists(v1, v2, self.spec.containers[0].image >= self.mode)", 3n, 39n],
      ["self.replicas < self.maxReplicas * 2", 6n, 6n],
      ["self.maxReplicas != self.ports[0] * 2", 6n, 6n],
      ["self.times.exists(v1, self.replicas != 1)", 3n, 21n],
      ["self.q.contains(self.sel)", 4n, 324n],
      ["self.kv.all(v1, self.enabled)", 3n, 38n],
      ["self.link.contains(self.desc.find('[a-z]+'))", 6n, 25794990n],
      ["self.replicas < 1", 3n, 3n],
      ["self.name.endsWith('^[a-z]+$')", 3n, 3n],
      ["self.ports[0] > self.bools.size()", 7n, 7n],
      ["(has(self.spec.deep.er) && self.enabled)", 3n, 5n],
      ["self.kv.map(v1, v1.v).size() > 0", 15n, 113n],
      ["self.kv.size() < 4", 4n, 4n],
      ["self.mapOfLists['k'].exists(v1, self.annotations.all(v2, v3, self.objs.reverse().size() > 0))", 4n, 224913475008n],
      ["self.version.endsWith('^[a-z]+$')", 3n, 3n],
      ["self.nums.all(v1, self.sel.matches('ab'))", 3n, 72351701n],
      ["'%s'.format([self.nested.list[0].name]).size() < 10", 18n, 18n],
      ["self.bools[0]", 3n, 3n],
      ["self.link < self.desc", 5n, 84n],
      ["(self.spec.containers[0].image.contains(self.name) || (self.mode.size() < 4 || self.mode == self.link))", 7n, 8178914n],
      ["self.matrix.all(v1, v2, self.spec.selector.all(v3, v1 > 1))", 3n, 231n],
      ["self.objs.size() > 0", 4n, 4n],
      ["self.cidr.size() < 10", 4n, 4n],
      ["self.set.all(v1, v2, v1 > 1)", 3n, 33n],
      ["self.set.all(v1, v2, self.ip.size() < 2)", 3n, 45n],
      ["(self.ip < self.ip ? self.maxReplicas == 1 : self.replicas > self.ports.size())", 7n, 28n],
      ["self.version != self.ip", 5n, 16n],
      ["self.mode.endsWith('^[a-z]+$')", 3n, 3n],
      ["self.mode.size() < 10", 4n, 4n],
      ["(((self.mode == self.desc ? self.empty < self.link : (self.kv.size() < 2 || self.name.endsWith('ab'))) || self.enabled) ? self.items[0] : self.mode.replace('a', (self.desc + self.name.replace('abc', 'abc')))).size() < 10", 14n, 314672n],
      ["self.name.size() < 10", 4n, 4n],
      ["self.replicas > self.replicas", 5n, 5n],
      ["self.objs.all(v1, self.version.matches('ab'))", 3n, 5147553n],
      ["self.items[0] >= self.mode", 6n, 6n],
      ["self.version.endsWith(self.name.lowerAscii())", 4n, 56n],
      ["self.desc.endsWith('ab')", 3n, 3n],
      ["self.spec.containers[0].image.endsWith('%s'.format([self.link]))", 18n, 1844674407370955282n],
      ["self.mode.replace('%s'.format([self.version]), 'bb').size() < 10", 17n, 18n],
      ["self.maxReplicas != 1", 2n, 2n],
      ["(self.spec.selector['k'].size() == 5 || self.matrix.size() < 9)", 6n, 10n],
      ["has(self.nested.list)", 2n, 2n],
      ["self.nums.exists(v1, self.maxReplicas == 1)", 3n, 9437181n],
      ["self.spec.containers.exists(v1, self.mapOfLists['k'][0].contains('^[a-z]+$'))", 4n, 224n],
      ["(string(self.replicas * 2).size() < 10 || self.enabled)", 6n, 8n],
      ["self.replicas > 1", 3n, 3n],
      ["self.ports.exists(v1, self.empty != self.sel)", 3n, 43n],
      ["self.objs[0].count == 1", 4n, 4n],
      ["self.matrix[0].all(v1, self.spec.containers.size() < 9)", 4n, 36n],
      ["self.objs.filter(v1, self.enabled).size() > 0", 15n, 4289640n],
      ["(self.matrix[0].exists(v1, self.times.exists_one(v2, has(self.spec.deep.er))) ? self.spec.deep.er.list.all(v3, v4, self.ip.matches(string(self.ports[0]))) : self.empty.size() == 2)", 8n, 18446744073709551615n],
      ["string(self.link.size()).size() < 10", 6n, 6n],
      ["self.replicas > self.maxReplicas * 2", 6n, 6n],
      ["(self.link == self.ip && self.tags.filter(v1, self.objs[0].count == self.maxReplicas).size() > 0)", 5n, 227n],
      ["self.tags.all(v1, v2, (self.annotations.all(v3, v4, self.spec.containers.exists(v5, v3.startsWith('ab'))) ? self.kv.filter(v6, (v6.k == self.ip && self.mode.contains('ab'))).size() > 0 : self.ports.reverse().size() > 0))", 3n, 499384803n],
      ["self.times.exists(v1, (self.objs.all(v2, self.cidr.endsWith('^[a-z]+$')) ? self.replicas > (self.maxReplicas + self.replicas * 2) : self.ports[0] > 1))", 3n, 5147601n],
      ["self.spec.selector.all(v1, self.desc.matches('ab'))", 4n, 3145784n],
      ["self.objs[0].count < (self.replicas + (self.kv[0].v + (self.objs[0].count + self.kv[0].v * 2)))", 23n, 23n],
      ["self.empty == self.empty", 4n, 4n],
      ["self.tags.map(v1, self.replicas * 2).size() > 0", 15n, 165n],
      ["self.version.matches(string(self.replicas * 2))", 6n, 18446744073709551615n],
      ["self.spec.containers.distinct().size() > 0", 16n, 816n],
      ["self.mapOfLists.all(v1, self.enabled)", 3n, 18n],
      ["self.empty < self.q", 4n, 4n],
      ["self.maxReplicas < (self.replicas + self.kv.size())", 9n, 9n],
      ["has(self.empty)", 1n, 1n],
      ["((self.q.size() < 10 && self.annotations.all(v1, v2, self.items[0].endsWith('^[a-z]+$'))) ? self.mode >= self.ip : self.spec.containers.exists(v3, self.labels.exists(v4, self.kv.all(v5, v6, self.link == self.objs[0].id))))", 8n, 2768336n],
      ["(has(self.spec.deep.er.list) || self.bools.all(v1, v2, (self.link.endsWith((self.maxReplicas < 1 ? self.annotations['k'] : 'x')) || self.tags[0] in self.mapOfLists['k'])))", 4n, 2831335n],
      ["('%s'.format([self.desc]).size() < 10 ? self.labels.exists_one(v1, self.spec.containers.filter(v2, (self.kv[0].v > 1 || self.mode != self.link)).size() > 0) : self.replicas < self.cidr.size())", 19n, 3843n],
      ["self.bools.exists(v1, self.ports.size() > 0)", 3n, 75n],
      ["self.annotations.all(v1, self.name.size() < 9)", 3n, 2752508n],
      ["self.items.size() == 6", 4n, 4n],
      ["self.objs[0].count != 1", 4n, 4n],
      ["(self.ip.replace('', 'bb').size() < 10 || self.empty.startsWith('^[a-z]+$'))", 4n, 43n],
      ["(self.cidr.size() < 3 || self.nums.exists(v1, self.matrix.exists(v2, ['a', 'bc'].join(',').size() < 10)))", 4n, 18446744073709551615n],
      ["self.spec.selector.all(v1, ((self.version.contains('ab') || self.tags[0].size() == 9) && self.link < self.version))", 4n, 384n],
      ["self.bools.exists(v1, self.enabled)", 3n, 57n],
      ["self.mapOfLists.all(v1, v2, (self.mode.endsWith('%s'.format([self.cidr])) ? self.matrix.exists_one(v3, self.objs.reverse().size() > 0) : v2.exists(v5, self.name.endsWith('ab'))))", 3n, 5534023222116297765n],
      ["self.ports.map(v1, v1).size() > 0", 15n, 80n],
      ["has(self.enabled)", 1n, 1n],
      ["self.spec.selector.exists_one(v1, self.maxReplicas != self.replicas * 2)", 5n, 75n],
      ["self.labels.all(v1, v2, self.bools.exists_one(v3, self.objs.exists(v4, v5, self.link == self.empty)))", 3n, 164722019n],
      ["self.maxReplicas < 1", 3n, 3n],
      ["self.desc.startsWith('ab')", 3n, 3n],
      ["self.kv.all(v1, self.bools.exists(v2, v3, self.annotations.exists(v4, self.items.size() == 8)))", 3n, 198180846n],
      ["self.q.size() < 0", 4n, 4n],
      ["(self.tags.all(v1, self.replicas == (self.maxReplicas + self.ports[0])) || (self.desc.endsWith('ab') ? self.replicas < self.replicas * 2 : self.items.exists(v2, v3, self.spec.deep.er.list.all(v4, self.data.size() == 3))))", 3n, 54526019n],
      ["self.ip.startsWith(self.tags.map(v1, (self.mode + self.link.replace('a', 'bb'))).join())", 15n, 3689348814741913913n],
      ["(self.version.size() == 6 && self.ports[0] == 1)", 4n, 7n],
      ["self.nested.list.all(v1, (self.maxReplicas != 1 || self.link.startsWith('^[a-z]+$')))", 4n, 28n],
      ["self.spec.containers[0].env.map(v1, (v1.n + self.cidr.size())).size() > 0", 18n, 918n],
      ["self.empty.substring(1).size() < 10", 4n, 4n],
      ["self.cidr.size() < 2", 4n, 4n],
      ["self.nested.list.reverse().size() > 0", 16n, 19n],
      ["self.sel >= self.cidr", 5n, 24n],
      ["self.tags.size() == 9", 4n, 4n],
      ["self.set.reverse().size() > 0", 15n, 21n],
      ["self.spec.deep.er.list.all(v1, v2, self.annotations.all(v3, v4, self.mapOfLists.exists(v5, v6, self.objs.exists(v7, v7.count < 1))))", 6n, 14168720813622n],
      ["self.cidr >= self.desc", 5n, 24n],
      ["self.spec.deep.er.list.size() > 0", 7n, 7n],
      ["self.bools.exists_one(v1, self.tags.exists(v2, self.matrix.all(v3, v4, self.version.contains(v2.trim()))))", 4n, 35599n],
      ["(self.set.exists(v1, self.enabled) || self.matrix[0][0] != 1)", 3n, 43n],
      ["self.objs.distinct().size() > 0", 15n, 163563401265n],
      ["self.nested.list.map(v1, self.maxReplicas * 2).size() > 0", 16n, 61n],
      ["self.name.contains('ab')", 2n, 28n],
      ["self.spec.deep.er.list.exists(v1, (self.empty == self.items[0] && self.set.all(v2, self.spec.containers.size() == 1)))", 6n, 366n],
      ["self.matrix.size() == 2", 4n, 4n],
      ["self.empty.matches((self.spec.containers[0].name + self.empty.replace('a', 'bb')))", 9n, 98n],
      ["self.desc.size() == 3", 4n, 4n],
      ["self.objs[0].count != self.ports[0]", 7n, 7n],
      ["self.name.matches('ab')", 3n, 28n],
      ["self.version.matches('ab')", 3n, 15n],
      ["self.set.exists(v1, self.nums.exists_one(v2, self.annotations.all(v3, v4, self.items.all(v5, v6, self.spec.selector['k'] < self.empty))))", 3n, 18446744073709551615n],
      ["self.nested.list[0].name.matches('ab')", 6n, 10n],
      ["self.nested.list.all(v1, v2, self.spec.deep.er.list.exists(v3, v4, self.name == self.ip))", 4n, 499n],
      ["self.sel.endsWith(self.q.find('[a-z]+'))", 6n, 30n],
      ["self.bools.exists(v1, self.link == self.desc)", 3n, 795n],
      ["((self.mode + self.desc).size() < 10 || self.annotations.exists_one(v1, self.annotations.exists(v2, v3, v1.startsWith('ab'))))", 6n, 927710498008n],
      ["(self.objs.size() > 0 ? self.items.exists(v2, v3, self.mode >= self.cidr) : self.kv.exists_one(v4, self.kv.map(v5, self.empty.size()).size() > 0))", 7n, 9437182n],
      ["self.version < self.desc", 5n, 16n],
      ["self.labels.exists_one(v1, self.spec.containers[0].name != self.cidr)", 4n, 236n],
      ["((self.enabled || (self.ports.exists_one(v1, self.name != self.link) && self.enabled)) && self.enabled)", 2n, 170n],
      ["self.sel.size() < 7", 4n, 4n],
      ["self.nums.all(v1, self.link.size() < 0)", 3n, 11010044n],
      ["self.sel < self.ip", 5n, 22n],
      ["self.ports.filter(v1, self.bools.exists(v2, v3, self.empty.size() < 10)).size() > 0", 15n, 455n],
      ["self.ip == self.desc", 5n, 22n],
      ["self.times.filter(v1, (((self.version >= self.sel && ((self.mapOfLists['k'].size() == 4 || self.labels.size() == 9) && (self.cidr < self.link && self.cidr.startsWith('^[a-z]+$')))) && (self.cidr.startsWith('^[a-z]+$') || self.kv[0].v > 0)) ? self.cidr : self.sel.substring(1)).size() < 10).size() > 0", 15n, 366n],
      ["(self.link < self.version ? self.bools[0] : self.enabled)", 7n, 19n],
      ["self.tags.exists_one(v1, (has(self.spec.deep.er) || (self.sel == v1 || has(self.spec.deep.er.list))))", 4n, 194n],
      ["self.spec.selector.all(v1, v2, self.labels.exists(v3, self.enabled))", 4n, 544n],
      ["self.tags.all(v1, self.spec.selector.all(v2, v3, v3.size() == 5))", 3n, 673n],
      ["self.name >= self.version", 5n, 16n],
      ["self.matrix.size() == 1", 4n, 4n],
      ["self.kv.filter(v1, self.spec.containers[0].name.size() == 1).size() > 0", 15n, 155n],
      ["self.items.exists(v1, self.set.exists_one(v2, (self.enabled || self.items.size() < 7)))", 3n, 58720203n],
      ["self.version.size() == 9", 4n, 4n],
      ["self.maxReplicas != (self.kv[0].v + self.spec.containers[0].args.size())", 13n, 13n],
      ["(self.mapOfLists.all(v1, v2, self.ip != self.q) ? self.objs.size() > 0 : (self.ip.endsWith('ab') || (self.annotations['k'] >= self.desc ? self.bools.all(v4, v5, self.kv.size() == 1) : (self.nested.list[0].name.size() < 6 && self.cidr.startsWith('ab')))))", 6n, 314695n],
      ["self.tags.exists(v1, ('%s'.format([self.name]).size() < 10 ? self.matrix.exists(v2, self.nums.exists(v3, self.times.size() == 8)) : self.mapOfLists.size() == 1))", 3n, 503316663n],
      ["self.times.all(v1, v2, self.maxReplicas == self.link.size())", 3n, 27n],
      ["self.spec.containers.exists(v1, self.maxReplicas > 1)", 4n, 144n],
      ["self.objs.exists_one(v1, self.cidr.endsWith('^[a-z]+$'))", 4n, 1429879n],
      ["self.kv.size() == 7", 4n, 4n],
      ["(self.items.all(v1, v2, v2.startsWith('^[a-z]+$')) ? self.nums.exists_one(v3, (self.sel.size() < 10 ? ((self.name.matches('abc') && (self.cidr.contains('ab') && self.sel.contains('^[a-z]+$'))) || self.link != self.link) : self.kv[0].v < self.annotations.size())) : self.version >= self.version)", 7n, 291503948n],
      ["self.objs.exists_one(v1, ((self.desc.contains(self.items[0].find('[a-z]+')) ? self.cidr != self.name : self.spec.containers[0].name < v1.id) ? self.ports[0] == self.maxReplicas * 2 : self.enabled))", 4n, 28299171312394204n],
      ["self.sel.startsWith('ab')", 3n, 3n],
      ["self.spec.deep.er.list.all(v1, v2, (has(self.nested.list) ? self.mapOfLists.size() < 5 : self.bools.all(v3, v2.b < (self.replicas + 1))))", 6n, 540n],
      ["(self.version.contains('^[a-z]+$') || self.replicas < 1)", 2n, 17n],
      ["self.bools.distinct().size() > 0", 15n, 177n],
      ["self.annotations['k'] != self.set[0]", 7n, 8n],
      ["self.mapOfLists.all(v1, v2, v1.startsWith('ab'))", 3n, 18n],
      ["self.kv.size() > 0", 4n, 4n],
      ["self.annotations.exists(v1, self.replicas < self.replicas * 2)", 3n, 3932153n],
      ["self.name.startsWith('^[a-z]+$')", 3n, 3n],
      ["(self.tags[0].contains('ab') || self.bools.all(v1, v2, v1 != 1))", 3n, 58n],
      ["self.tags.filter(v1, self.kv[0].k == self.desc).join().size() < 10", 15n, 1844674407370955489n],
      ["self.labels.exists_one(v1, self.enabled)", 4n, 36n],
      ["(self.matrix.exists(v1, v2, self.annotations.all(v3, (v1 != 1 || self.link.matches('ab')))) || (self.enabled || self.matrix.exists(v4, self.spec.selector.all(v5, v6, (self.cidr.contains('x') && self.sel.size() == 9)))))", 3n, 138412908n],
      ["self.maxReplicas == self.kv[0].v", 6n, 6n],
      ["self.spec.containers[0].name.trim().size() < 10", 7n, 33n],
      ["self.q < self.version", 5n, 12n],
      ["self.kv.exists_one(v1, self.version.contains('^[a-z]+$'))", 4n, 116n],
      ["self.data.size() == 8", 4n, 4n],
      ["self.replicas != 1", 2n, 2n],
      ["self.objs.size() < 8", 4n, 4n],
      ["self.mapOfLists.exists_one(v1, (self.spec.containers[0].args.size() > 0 || self.mode.matches('^[a-z]+$')))", 4n, 43n],
      ["self.annotations.exists_one(v1, has(self.nested.list))", 4n, 1572864n],
      ["self.bools.exists(v1, has(self.spec.deep.er.list))", 3n, 75n],
      ["self.matrix.filter(v1, (self.link.contains('ab') ? self.spec.selector.all(v2, self.maxReplicas > 4) : self.spec.containers[0].image.matches(self.empty))).size() > 0", 15n, 651n],
      ["self.mode == self.mode", 5n, 5n],
      ["self.version.matches('^[a-z]+$')", 4n, 28n],
      ["self.sel < self.sel", 5n, 44n],
      ["(has(self.nested.list[0].name) && self.annotations['k'].matches('ab'))", 4n, 314580n],
      ["self.matrix[0][0] > 1", 5n, 5n],
      ["self.q.endsWith('^[a-z]+$')", 3n, 3n],
      ["self.q != self.link", 5n, 12n],
      ["self.link.size() < 8", 4n, 4n],
      ["(self.times.filter(v1, self.spec.deep.er.list.exists_one(v2, self.spec.containers[0].name < self.cidr)).size() > 0 ? self.nested.list[0].name.matches('^[a-z]+$') : self.spec.containers[0].args.size() > 0)", 22n, 612n],
      ["(self.name != self.sel || (((self.replicas > 1 || self.mapOfLists['k'].size() < 9) && (self.replicas > 1 || self.q.matches('^[a-z]+$'))) ? self.cidr < self.labels['k'] : self.bools[0]))", 5n, 79n],
      ["self.annotations.exists(v1, self.objs.size() == 2)", 3n, 3145723n],
      ["(self.cidr < self.version || self.enabled)", 5n, 18n],
      ["self.data.size() == 9", 4n, 4n],
      ["self.empty.matches('^[a-z]+$')", 4n, 4n],
      ["self.matrix.all(v1, self.bools[0])", 3n, 27n],
      ["(has(self.spec.deep.er) && (self.kv[0].k.size() == 4 && self.kv.exists(v1, v2, ((self.ip.matches('^[a-z]+$') && (self.bools.size() == 6 || self.link >= self.version)) ? self.replicas > 1 : ((self.replicas > 5 && (self.nums.size() < 1 && self.name >= self.q)) && (self.q.size() == 6 || self.mode.contains('^[a-z]+$')))))))", 3n, 642n],
      ["self.ip == self.cidr", 5n, 22n],
      ["self.items.exists(v1, v2, (self.spec.containers[0].env.exists(v3, self.nested.list.exists(v4, v5, (v4 > 0 || self.ip != self.spec.containers[0].name))) || self.tags.size() < 7))", 3n, 5309983803n],
      ["self.desc.replace('', 'bb').size() < 10", 4n, 629150n],
      ["self.ip.matches('^[a-z]+$')", 4n, 40n],
      ["self.spec.selector.all(v1, v2, self.sel < self.empty)", 4n, 74n],
      ["self.items.join(',').size() < 10", 4n, 329853068907n],
      ["self.bools.exists_one(v1, self.objs.filter(v2, v1).size() > 0)", 4n, 36033007n],
      ["self.spec.deep.er.list.exists(v1, self.name.contains('ab'))", 6n, 198n],
      ["self.mode.matches(string(self.maxReplicas))", 5n, 4611686018427387909n],
      ["self.blob.size() == 3", 4n, 4n],
      ["self.q.size() == 4", 4n, 4n],
      ["(self.mapOfLists.size() == 1 ? self.tags.all(v1, self.maxReplicas != 1) : self.ip >= self.link)", 7n, 57n],
      ["(self.matrix.all(v1, v2, self.bools[0]) ? self.ports.filter(v3, v3 == 1).size() > 0 : self.nested.list.exists(v4, v5, self.labels.all(v6, has(self.spec.deep.er))))", 7n, 196n],
      ["self.tags.filter(v1, self.ip == self.link).size() > 0", 15n, 365n],
      ["self.spec.selector.exists(v1, ((self.nested.list[0].values.exists(v2, v3, self.nested.list[0].name != self.empty) ? (self.sel.matches('ab') ? self.nested.list.size() < 8 : self.matrix.size() == 3) : has(self.spec.deep)) || self.desc == self.name))", 4n, 1324n],
      ["self.kv[0].v < 1", 5n, 5n],
      ["self.set.exists_one(v1, self.maxReplicas != self.replicas)", 4n, 40n],
      ["(self.ports.all(v1, self.labels.exists(v2, v3, self.version.size() == 7)) && self.maxReplicas == 1)", 3n, 355n],
      ["self.nested.list[0].name.contains('^[a-z]+$')", 5n, 9n],
      ["self.items.exists(v1, self.name.contains('ab'))", 3n, 33554403n],
      ["self.set.all(v1, v2, self.enabled)", 3n, 33n],
      ["self.cidr.contains('^[a-z]+$')", 2n, 22n],
      ["self.spec.selector.all(v1, self.matrix.filter(v2, self.bools.exists(v3, (self.cidr.startsWith('ab') && self.annotations['k'].size() < 0))).size() > 0)", 4n, 5144n],
      ["self.desc != self.tags[0]", 6n, 12n],
      ["self.nums.exists(v1, self.spec.deep.er.list.exists(v2, v3, has(self.spec.containers)))", 3n, 72351701n],
      ["self.mapOfLists.all(v1, self.items.all(v2, v3, self.spec.containers.exists(v4, v5, (self.desc < self.ip || self.empty == self.cidr))))", 3n, 1909455096n],
      ["self.tags[0].size() < 0", 5n, 5n],
      ["self.times.exists(v1, self.annotations.exists_one(v2, self.ip.size() < 10))", 3n, 7077897n],
      ["(self.enabled ? self.mapOfLists.size() < 1 : self.q.contains('ab'))", 4n, 12n],
      ["self.blob.size() < 7", 4n, 4n],
      ["self.set.exists(v1, self.matrix.size() > 0)", 3n, 51n],
      ["self.spec.selector.all(v1, v2, (self.link == self.desc ? self.kv[0].v != 1 : self.items[0].startsWith(self.sel.substring(1))))", 4n, 1724n],
      ["(self.annotations['k'] != self.mode || self.nums.exists_one(v1, self.sel.size() < 10))", 6n, 9437188n],
      ["self.set.map(v1, self.objs[0].count).size() > 0", 15n, 111n],
      ["self.link.contains(self.empty)", 4n, 4n],
      ["self.times.filter(v1, self.q.endsWith('^[a-z]+$')).size() > 0", 15n, 63n],
      ["(self.nums.exists(v1, self.version.startsWith(self.cidr.lowerAscii())) || self.set[0] >= self.name)", 3n, 75497434n],
      ["self.q.startsWith('^[a-z]+$')", 3n, 3n],
      ["self.replicas == self.maxReplicas", 4n, 4n],
      ["(self.annotations.exists(v1, v2, self.objs.exists(v3, v4, v3 < v4.count)) && self.spec.containers.exists_one(v5, (has(self.spec.deep.er.list) && (self.mapOfLists.size() < 6 || self.replicas == 1))))", 3n, 899600029753n],
      ["self.spec.containers.size() == 4", 5n, 5n],
      ["(self.nested.list.exists_one(v1, ((self.labels.size() == 4 ? self.sel : 'x').size() < 10 ? self.items.filter(v2, v2.matches('x')).size() > 0 : string(4).size() < 10)) || self.bools.size() > 0)", 5n, 989604190659n],
      ["self.objs.exists_one(v1, self.kv.distinct().size() > 0)", 4n, 32887129n],
      ["self.annotations.exists(v1, self.version.contains('^[a-z]+$'))", 3n, 7077873n],
      ["self.sel.size() == 7", 4n, 4n],
      ["self.tags.all(v1, self.spec.deep.er.list.exists(v2, (self.times.all(v3, v4, v1.endsWith('ab')) || (v1 + 'abc').size() < 10)))", 3n, 2013n],
      ["(self.matrix.reverse().size() > 0 ? self.empty == self.cidr : self.times.all(v2, v3, self.bools.all(v4, v5, self.replicas == self.spec.containers.size())))", 18n, 283n],
      ["self.replicas > self.ports[0]", 6n, 6n],
      ["self.labels.exists(v1, self.bools[0])", 3n, 59n],
      ["(self.mapOfLists.exists(v1, self.desc.size() == 9) || self.replicas == 1)", 3n, 29n],
      ["self.name.contains('^[a-z]+$')", 2n, 28n],
      ["(self.desc + self.link.replace('', self.sel.replace('a', 'bb'))).size() < 10", 8n, 378981n],
      ["self.ports.exists(v1, self.cidr.size() == 8)", 3n, 43n],
      ["self.version == self.cidr", 5n, 16n],
      ["((self.tags.exists(v1, v2, self.mode.contains('^[a-z]+$')) && self.sel.size() == 0) ? self.tags.all(v3, v4, self.labels.exists_one(v5, self.ports.size() < 0)) : has(self.spec.containers))", 5n, 630n],
      ["((self.q >= self.ip ? self.name < self.q : self.bools.exists(v1, v2, self.set.size() > 0)) ? self.spec.containers.exists(v4, v5, has(self.spec.containers)) : (self.q.startsWith(self.q.replace('a', self.kv[0].k.upperAscii())) && self.cidr.startsWith((self.replicas < 1 ? self.ip : self.ip.find('[a-z]+')))))", 12n, 272n],
      ["self.ip >= self.q", 5n, 12n],
      ["self.sel.endsWith('^[a-z]+$')", 3n, 3n],
      ["self.spec.containers[0].name.matches(self.name)", 7n, 1645n],
      ["self.version >= self.empty", 4n, 4n],
      ["self.items.exists_one(v1, (((self.replicas == 0 ? self.link.matches('abc') : self.link >= self.desc) || self.matrix.map(v2, 2).size() > 0) || self.enabled))", 4n, 160431979n],
      ["self.ports.all(v1, self.maxReplicas != 1)", 3n, 28n],
      ["self.version.startsWith(self.kv[0].k.trim())", 6n, 10n],
      ["(self.spec.containers[0].name.endsWith('^[a-z]+$') || self.q.matches(self.nested.list[0].name.upperAscii()))", 6n, 107n],
      ["self.spec.containers.exists(v1, v1.env.exists(v2, v3, has(self.ratio)))", 4n, 5144n],
      ["((self.kv.map(v1, self.replicas * 2).size() > 0 || self.matrix.exists(v2, self.set.exists(v3, self.mapOfLists['k'][0] != self.ip))) || self.sel.size() == 7)", 15n, 467n],
      ["self.kv.exists_one(v1, self.tags.exists(v2, v3, has(self.spec.deep.er)))", 4n, 529n],
      ["self.maxReplicas == self.spec.containers[0].name.size()", 8n, 8n],
      ["self.name in self.items", 4n, 1048579n],
      ["self.spec.containers.all(v1, v2, self.replicas > 1)", 4n, 124n],
      ["self.empty.size() == 8", 4n, 4n],
      ["self.bools.exists(v1, has(self.nested.list))", 3n, 57n],
      ["self.replicas == self.replicas", 4n, 4n],
      ["self.spec.containers.all(v1, self.objs.size() == 8)", 4n, 144n],
      ["self.nested.list.exists(v1, v1.name.size() < 5)", 4n, 28n],
      ["self.spec.containers.map(v1, v1.env[0].n).size() > 0", 16n, 336n],
      ["self.empty >= self.sel", 4n, 4n],
      ["self.bools.exists(v1, self.link.size() == 5)", 3n, 75n],
      ["self.mapOfLists.all(v1, self.replicas != 1)", 3n, 18n],
      ["((self.set[0] + (self.version + self.q)).size() < 10 ? (self.enabled || self.set[0].contains('^[a-z]+$')) : has(self.nested.list))", 11n, 58n],
      ["self.cidr >= self.name", 5n, 24n],
      ["self.kv[0].k != self.sel", 7n, 8n],
      ["has(self.tags)", 1n, 1n],
      ["self.cidr.matches('^[a-z]+$')", 4n, 42n],
      ["self.mapOfLists.exists(v1, self.mapOfLists['k'].exists_one(v2, self.mapOfLists.all(v3, self.spec.deep.er.list.exists(v4, v5, (v3.size() == 5 || v1 >= self.nested.list[0].name)))))", 3n, 1626n],
      ["(self.link.endsWith('ab') && self.cidr.startsWith((self.tags.reverse().size() > 0 ? self.empty : '%s'.format([self.sel]))))", 3n, 1844674407370955307n],
      ["self.mapOfLists.exists(v1, v2, self.annotations.all(v3, v4, self.times.all(v5, self.desc < self.name)))", 3n, 123862749n],
      ["(self.kv.filter(v1, self.nums.exists_one(v2, self.version.startsWith('ab'))).size() > 0 ? self.spec.containers[0].name.contains(self.desc) : self.times.exists(v3, self.tags.exists(v4, v5, self.enabled)))", 18n, 63229244n],
      ["self.maxReplicas > self.set.size()", 6n, 6n],
      ["(self.q.replace('', 'bb').size() < 10 ? self.items.all(v1, v2, self.nums.exists_one(v3, self.annotations.all(v4, self.tags[0] != self.sel))) : self.nums.size() == 8)", 7n, 9727743240603041798n],
      ["(self.kv[0].k.endsWith('^[a-z]+$') || self.name >= self.q)", 5n, 17n],
      ["self.spec.containers.all(v1, v1.name.endsWith('ab'))", 4n, 124n],
    ],
  },
];

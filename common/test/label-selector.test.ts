import test from 'ava';
import { LabelSelectorError, matchesLabels, parseLabelSelector } from '../src/selectors/label-selector.ts';

const matches = (selector: string, labels?: Record<string, string>) => matchesLabels(parseLabelSelector(selector), labels);

test('label selectors parse every operator kubectl sends', (t) => {
  t.deepEqual(parseLabelSelector('app=web, tier!=db,env in (a, b),!legacy,release,x notin (1),n>3,m<10,k==v'), [
    { key: 'app', operator: '=', values: ['web'] },
    { key: 'tier', operator: '!=', values: ['db'] },
    { key: 'env', operator: 'in', values: ['a', 'b'] },
    { key: 'legacy', operator: 'notexists', values: [] },
    { key: 'release', operator: 'exists', values: [] },
    { key: 'x', operator: 'notin', values: ['1'] },
    { key: 'n', operator: 'gt', values: ['3'] },
    { key: 'm', operator: 'lt', values: ['10'] },
    { key: 'k', operator: '=', values: ['v'] },
  ]);
  t.deepEqual(parseLabelSelector(''), []);
  t.deepEqual(parseLabelSelector('example.com/team=a'), [{ key: 'example.com/team', operator: '=', values: ['a'] }]);
});

test('excluding requirements also match objects without the label', (t) => {
  t.true(matches('app=web', { app: 'web' }));
  t.false(matches('app=web', { app: 'db' }));
  t.false(matches('app=web', undefined));
  t.true(matches('app!=web', undefined));
  t.true(matches('app notin (web)', {}));
  t.false(matches('app notin (web)', { app: 'web' }));
  t.true(matches('!legacy', { app: 'x' }));
  t.false(matches('!legacy', { legacy: '' }));
  t.true(matches('env in (a,b),release', { env: 'b', release: '1' }));
  t.false(matches('env in (a,b),release', { env: 'b' }));
  t.true(matches('n>3', { n: '4' }));
  t.false(matches('n>3', { n: 'x' }));
});

test('malformed selectors are refused', (t) => {
  for (const bad of ['app=web,', 'app in web', '=web', 'app=we b', 'app=-bad', 'Bad Key=x', 'n>x', 'app=web)']) {
    t.throws(() => parseLabelSelector(bad), { instanceOf: LabelSelectorError }, bad);
  }
});

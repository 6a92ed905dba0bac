// kube-controller-manager's --controllers: "*" turns on every controller that is on by default,
// "foo" turns foo on, "-foo" turns it off (a controller's aliases count as its name); an unknown
// name is an error.

import { FlagError } from '@capstan/common';
import type { ControllerDefinition } from './controller.ts';

export function enabledControllers(all: readonly ControllerDefinition[], selection: readonly string[]): ControllerDefinition[] {
  const byName = new Map<string, string>();
  for (const controller of all) for (const name of [controller.name, ...(controller.aliases ?? [])]) byName.set(name, controller.name);
  // An alias stands for its controller's name.
  const selected = selection.map((item) => {
    const disabled = item.startsWith('-');
    const name = disabled ? item.slice(1) : item;
    if (name !== '*' && !byName.has(name)) throw new FlagError(`"${name}" is not in the list of known controllers: ${all.map((controller) => controller.name).join(', ')}`);
    const canonical = name === '*' ? '*' : (byName.get(name) as string);
    return disabled ? `-${canonical}` : canonical;
  });
  const enabled = (name: string): boolean => {
    if (selected.includes(name)) return true;
    if (selected.includes(`-${name}`)) return false;
    return selected.includes('*');
  };
  return all.filter((controller) => enabled(controller.name));
}

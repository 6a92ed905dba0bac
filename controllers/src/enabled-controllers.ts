// kube-controller-manager's --controllers: "*" turns on every controller that is on by default,
// "foo" turns foo on, "-foo" turns it off; an unknown name is an error.

import { FlagError } from '@capstan/common';
import type { ControllerDefinition } from './controller.ts';

export function enabledControllers(all: readonly ControllerDefinition[], selection: readonly string[]): ControllerDefinition[] {
  const names = new Set(all.map((controller) => controller.name));
  for (const item of selection) {
    const name = item.startsWith('-') ? item.slice(1) : item;
    if (name !== '*' && !names.has(name)) throw new FlagError(`"${name}" is not in the list of known controllers: ${[...names].join(', ')}`);
  }
  const enabled = (name: string): boolean => {
    if (selection.includes(name)) return true;
    if (selection.includes(`-${name}`)) return false;
    return selection.includes('*');
  };
  return all.filter((controller) => enabled(controller.name));
}

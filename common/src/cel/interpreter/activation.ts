// The variables an evaluation sees: the ones the caller binds (self, object, request, ...) and,
// inside comprehensions, the iteration and accumulator variables, which shadow outer ones.

import type { CelValue } from '../values/values.ts';

export interface Activation {
  /** The variable's value, or undefined when nothing of that name is bound. */
  resolve(name: string): CelValue | undefined;
}

export const emptyActivation: Activation = { resolve: () => undefined };

/** An activation of the given variables (values are used as they are: JSON-shaped values are fine). */
export function activationOf(variables: Readonly<Record<string, unknown>>): Activation {
  return { resolve: (name) => (Object.hasOwn(variables, name) ? (variables[name] as CelValue) : undefined) };
}

/** One more variable over a parent activation: what each comprehension step evaluates in. */
export class ScopedActivation implements Activation {
  readonly #parent: Activation;
  readonly #name: string;
  value: CelValue;

  constructor(parent: Activation, name: string, value: CelValue) {
    this.#parent = parent;
    this.#name = name;
    this.value = value;
  }

  resolve(name: string): CelValue | undefined {
    return name === this.#name ? this.value : this.#parent.resolve(name);
  }
}

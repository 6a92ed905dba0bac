// The variables an evaluation sees: the ones the caller binds (self, object, request, ...) and,
// inside comprehensions, the iteration and accumulator variables, which shadow outer ones.

import type { CelValue } from '../values/values.ts';

export interface Activation {
  /** The variable's value, or undefined when nothing of that name is bound. */
  resolve(name: string): CelValue | undefined;
}

/** A planned expression: its value in an activation. */
export type Evaluator = (activation: Activation) => CelValue;

export const emptyActivation: Activation = { resolve: () => undefined };

/** An activation of the given variables (values are used as they are: JSON-shaped values are fine). */
export function activationOf(variables: Readonly<Record<string, unknown>>): Activation {
  return { resolve: (name) => (Object.hasOwn(variables, name) ? (variables[name] as CelValue) : undefined) };
}

/**
 * The scope of one comprehension, as cel-go's folder keeps it: the accumulator is initialised the
 * first time it is read (so that a cel.bind value never read is never computed, or charged), the
 * iteration variables are visible to the loop condition and step but not to the result, and
 * every other name is the parent's.
 */
export class FoldActivation implements Activation {
  readonly #parent: Activation;
  readonly #accuVar: string;
  readonly #initAccu: (parent: Activation) => CelValue;
  readonly #iterVar: string;
  readonly #iterVar2: string | undefined;
  #accu: CelValue = null;
  #initialized = false;
  first: CelValue = null;
  second: CelValue = null;
  computingResult = false;

  constructor(parent: Activation, accuVar: string, initAccu: (parent: Activation) => CelValue, iterVar: string, iterVar2: string | undefined) {
    this.#parent = parent;
    this.#accuVar = accuVar;
    this.#initAccu = initAccu;
    this.#iterVar = iterVar;
    this.#iterVar2 = iterVar2;
  }

  set accu(value: CelValue) {
    this.#accu = value;
    this.#initialized = true;
  }

  resolve(name: string): CelValue | undefined {
    if (name === this.#accuVar) {
      if (!this.#initialized) {
        this.#initialized = true;
        this.#accu = this.#initAccu(this.#parent);
      }
      return this.#accu;
    }
    if (!this.computingResult) {
      if (name === this.#iterVar) return this.first;
      if (name === this.#iterVar2) return this.second;
    }
    return this.#parent.resolve(name);
  }
}

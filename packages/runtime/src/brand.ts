// `instanceof` that holds across two installed copies of this package (an app and a library each resolving their
// own): the class's prototype carries a registry symbol, which every copy in the realm shares, and the class's
// `static [Symbol.hasInstance]` looks for that symbol instead of walking to one copy's prototype (undici's
// approach). Each class gets its own symbol, so a base-class instance is not taken for a subclass; a subclass
// written outside this package is not branded and keeps the ordinary prototype check.

type ErrorClass = abstract new (...args: never[]) => Error;

/** Brands `errorClass` as `tickwire.error.<name>`; called from the class's static block. */
export function brandErrorClass(errorClass: ErrorClass, name: string): void {
  const brand = Symbol.for(`tickwire.error.${name}`);
  Object.defineProperty(errorClass.prototype, brand, { value: true });
  Object.defineProperty(errorClass, Symbol.hasInstance, {
    value(this: ErrorClass, instance: unknown): boolean {
      if (this !== errorClass) return Function.prototype[Symbol.hasInstance].call(this, instance);
      return typeof instance === "object" && instance !== null && (instance as Record<symbol, unknown>)[brand] === true;
    },
  });
}

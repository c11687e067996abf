import type { FieldValues, Resolver } from "react-hook-form";

export interface LazyResolver<T extends FieldValues> extends Resolver<T> {
  /** Starts loading the schema now (say, when the visitor first focuses the form). */
  preload: () => Promise<Resolver<T>>;
}

/**
 * A form resolver whose schema loads when the form is first validated (or `preload` is called),
 * not with the page. Building zod schemas is main-thread work at module load (~300 ms on a
 * throttled phone for /login's, issue 12) that a page does not need before the visitor submits.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const preload = () => {
    loading ??= load();
    // A failed load (offline) is tried again on the next validation.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const resolver = (async (values, context, options) => (await preload())(values, context, options)) as LazyResolver<T>;
  resolver.preload = preload;
  return resolver;
}

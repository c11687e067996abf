/**
 * One accessor per connector: each `connectors/<system>/connection.ts` exports a function that
 * answers the process's one instance, made on first use (so a login or a client is reused, and
 * a function that never calls a system never builds its adapter).
 */
export function connectorAccessor<T>(create: () => T): () => T {
  let instance: T | undefined;
  return () => {
    instance ??= create();
    return instance;
  };
}

/**
 * The same for an adapter built on a heavy SDK (jsforce, Cloud Storage): the SDK's module loads on
 * the first call of a method, not when a route file is imported, so a function instance starts
 * light. Every method of T must return a promise.
 */
export function lazyConnectorAccessor<T extends object>(load: () => Promise<T>): () => T {
  let loading: Promise<T> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const forwarder = new Proxy({} as T, {
    get: (_target, method) => {
      if (method === "then") return undefined; // not a thenable: `await crmConnector()` stays the connector
      return (...args: unknown[]) =>
        loaded().then((instance) => (instance[method as keyof T] as (...a: unknown[]) => unknown)(...args));
    },
  });
  return () => forwarder;
}

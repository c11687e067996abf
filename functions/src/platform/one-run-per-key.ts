/**
 * Wraps a runner so that one instance runs it at most once at a time per key: a call while a run of
 * that key is under way answers the same promise (the bulk-send and delinquency runners, which a
 * job and an admin's request may both start).
 */
export function oneRunPerKey<A extends unknown[]>(
  run: (key: string, ...args: A) => Promise<void>,
): (key: string, ...args: A) => Promise<void> {
  const running = new Map<string, Promise<void>>();
  return (key, ...args) => {
    const current = running.get(key);
    if (current) return current;
    const started = run(key, ...args).finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}

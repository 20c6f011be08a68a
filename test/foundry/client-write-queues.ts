/**
 * One write queue per client. In Foundry each browser loads the system's
 * modules for itself, so each client has its own `serialised` queue
 * (src/documents/write-queue.ts). The stand-in plays every client in one
 * process, where the module's single queue would line up two clients'
 * work as if one client did both, and a race between two clients could
 * never show. A test of such a race mocks the module with this:
 *
 *   vi.mock("<path>/documents/write-queue", async () =>
 *     (await import("<path>/test/foundry/client-write-queues")).perClientWriteQueues());
 *
 * The queue is the one of the client that calls `serialised` (`game.user`,
 * carried through the async work that client sets off).
 */
export function perClientWriteQueues() {
  const tails = new Map<string, Promise<unknown>>();
  const clientId = (): string => (globalThis as { game?: { user?: { id?: string } } }).game?.user?.id ?? "";
  return {
    serialised<T>(work: () => Promise<T>): Promise<T> {
      const id = clientId();
      const run = (tails.get(id) ?? Promise.resolve()).then(work);
      tails.set(
        id,
        run.then(
          () => undefined,
          () => undefined,
        ),
      );
      return run;
    },
    async writesSettled(): Promise<void> {
      await Promise.all([...tails.values()]);
    },
  };
}

import { afterEach } from "vitest";
import { FANGS_HOOKS, type FangsHook, type FangsHookListener } from "../../src/api/hooks";

/**
 * Listens to the system's module hooks (docs/api.md) for one test file.
 * Each call a listener gets is recorded with the id of the user whose
 * client ran it first, then the hook's arguments; `fn` answers for the
 * listener (a "pre" hook's false stops the step). Every listener is removed
 * after each test. Call it once at the top of the file.
 */
export function hookListeners(): (hook: FangsHook, fn?: FangsHookListener) => unknown[][] {
  const listening: [FangsHook, number][] = [];
  afterEach(() => {
    for (const [hook, id] of listening.splice(0)) Hooks.off(FANGS_HOOKS[hook], id);
  });
  return (hook, fn = () => undefined) => {
    const calls: unknown[][] = [];
    const id = Hooks.on(FANGS_HOOKS[hook], (...args: unknown[]) => {
      calls.push([game.user?.id, ...args]);
      return fn(...args);
    });
    listening.push([hook, id]);
    return calls;
  };
}

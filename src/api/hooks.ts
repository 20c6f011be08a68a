/**
 * The hooks the system fires for modules (docs/api.md lists each with its
 * arguments, the client it runs on and an example). A "pre" hook runs before
 * the thing is done and cancels it by returning false; the hook without
 * "pre" runs after, and its return value is ignored.
 *
 * What a listener is given is a frozen copy: a "pre" hook may read and
 * cancel, never change what is done. Whatever the active GM's client writes
 * is derived there from documents (docs/security.md), so a listener on a
 * player's client can at most keep that player's own request from being
 * sent, and one on the GM's client can only stop the GM's own write.
 */
export const FANGS_HOOKS = Object.freeze({
  preDeclareManeuver: "fangs.preDeclareManeuver",
  declareManeuver: "fangs.declareManeuver",
  preDeclareAttack: "fangs.preDeclareAttack",
  declareAttack: "fangs.declareAttack",
  preChooseDefense: "fangs.preChooseDefense",
  chooseDefense: "fangs.chooseDefense",
  preApplyDamage: "fangs.preApplyDamage",
  applyDamage: "fangs.applyDamage",
  roundStart: "fangs.roundStart",
});

export type FangsHook = keyof typeof FANGS_HOOKS;

/**
 * A listener of a system hook: what it is given is listed in docs/api.md,
 * and only a "pre" hook's false is read.
 */
export type FangsHookListener = (...args: unknown[]) => unknown;

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig extends Record<(typeof FANGS_HOOKS)[FangsHook], FangsHookListener> {}
  }
}

/** A deep copy nobody can change: what a listener sees of data the system goes on using. */
export function frozen<T>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (v: unknown): void => {
    if (v === null || typeof v !== "object" || Object.isFrozen(v)) return;
    Object.freeze(v);
    for (const inner of Object.values(v)) freeze(inner);
  };
  freeze(copy);
  return copy;
}

/** Fires a "pre" hook; false when a listener cancelled. */
export function allowedBy(hook: FangsHook, ...args: unknown[]): boolean {
  return Hooks.call(FANGS_HOOKS[hook], ...args) !== false;
}

/** Fires an "after" hook on this client. */
export function announce(hook: FangsHook, ...args: unknown[]): void {
  Hooks.callAll(FANGS_HOOKS[hook], ...args);
}

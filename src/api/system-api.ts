import type { gmDamageApi } from "../apps/gm-damage";
import type { exchangeApi } from "../chat";
import type { encountersApi } from "../encounters";
import { FANGS_HOOKS } from "./hooks";

/**
 * `game.system.api`: what macros and other modules call, one frozen object
 * of this shape (docs/api.md describes each part). Each part is registered
 * by the folder that owns it, in `init`, through `registerApi`; a part not
 * registered yet is absent. The document classes are on CONFIG
 * (`CONFIG.Actor.documentClass`…) and their methods on the documents.
 */
export interface FangsApi {
  /** Attacks (`startAttack`, `attackWithItem`), the effect applier and its undo, a card's steps. */
  readonly exchange: typeof exchangeApi;
  /** A check as a sheet's button rolls it: `rollCheckFor(actorUuid, spec)`. */
  readonly rolls: { readonly rollCheckFor: (actorUuid: string, spec: unknown) => Promise<void> };
  /** The GM's damage and healing on tokens: `open()`, `apply(answers, tokens?)`. */
  readonly gmDamage: typeof gmDamageApi;
  /** Ready-made encounters: `place(id, options?)` on the viewed scene (GM only), `list()`. */
  readonly encounters: typeof encountersApi;
  /** The names of the system's hooks (`Hooks.on(api.hooks.preDeclareAttack, …)`). */
  readonly hooks: typeof FANGS_HOOKS;
}

const parts: { -readonly [K in keyof FangsApi]?: FangsApi[K] } = { hooks: FANGS_HOOKS };

/** Adds one part to `game.system.api` (in `init`); the object stays frozen. */
export function registerApi<K extends keyof FangsApi>(name: K, value: FangsApi[K]): void {
  parts[name] = value;
  const system = (globalThis as { game?: { system?: { api?: unknown } } }).game?.system;
  if (system) system.api = Object.freeze({ ...parts });
}

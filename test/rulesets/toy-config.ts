import { rulesetConfig } from "../../src/config/fangs-config";
import type { RulesetConfigEntry } from "../../src/rulesets/registry";

/**
 * The toy's entry of CONFIG.FANGS, as its definition gives it
 * (toy-ruleset.ts): the name and icon of each of its two stances, frozen
 * defaults a module may relabel in its own `init` at `CONFIG.FANGS.toy`.
 * It claims no name at the top of CONFIG.FANGS.
 */

export type ToyStance = "guard" | "lunge";

export interface ToyStanceDisplay {
  readonly label: string;
  readonly icon: string;
}

const TOY_STANCES: Readonly<Record<ToyStance, ToyStanceDisplay>> = Object.freeze({
  guard: Object.freeze({ label: "TOY.Stance.Guard", icon: "icons/svg/shield.svg" }),
  lunge: Object.freeze({ label: "TOY.Stance.Lunge", icon: "icons/svg/sword.svg" }),
});

export const toyConfig: RulesetConfigEntry = Object.freeze({
  defaults: Object.freeze({ stances: TOY_STANCES }),
});

/** A stance as CONFIG.FANGS.toy says now, each value falling back to the default. */
export function toyStance(id: ToyStance): ToyStanceDisplay {
  const configured = (
    rulesetConfig("toy")?.stances as Partial<Record<ToyStance, Partial<ToyStanceDisplay>>>
  )?.[id];
  return {
    label: configured?.label || TOY_STANCES[id].label,
    icon: configured?.icon || TOY_STANCES[id].icon,
  };
}

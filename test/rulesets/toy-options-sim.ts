import { type DiceSource, SeededDice } from "../../src/rules/kernel/dice";
import type { RulesetMenu, RulesetOptions } from "../../src/rulesets/registry";
import {
  type FightRunner,
  type OddsTokenLike,
  type RulesetSimulator,
  runChunked,
  type SeededJob,
} from "../../src/sim/fight-runner";
import type { EndState, FightSummary, OddsTally } from "../../src/sim/stats";

/**
 * The toy's options and simulator, as its definition gives them
 * (toy-ruleset.ts): one world setting and a menu for it; a fight runner
 * with a tiny policy, run by the shared odds runner (src/sim/fight-runner.ts).
 */

/* -------------------------------------------- */
/*  Options                                     */
/* -------------------------------------------- */

export const TOY_SETTING = "toyBladeBonus";
export const TOY_MENU_KEY = "toyOptions";

/** What the settings window's button would open (the toy has no real window). */
export class ToyOptionsLauncher {}

export const toyMenu: RulesetMenu = {
  key: TOY_MENU_KEY,
  name: "TOY.Setting.Menu.Name",
  label: "TOY.Setting.Menu.Label",
  type: ToyOptionsLauncher,
};

export const toyOptions: RulesetOptions = {
  registerSettings() {
    game.settings.register(
      "fangs",
      TOY_SETTING as never,
      {
        name: "TOY.Setting.BladeBonus",
        scope: "world",
        config: false,
        type: Number,
        default: 0,
      } as never,
    );
  },
  menu: toyMenu,
};

/* -------------------------------------------- */
/*  Simulator                                   */
/* -------------------------------------------- */

/** A toy fighter in a simulation: hit points and the blade's damage. */
export interface ToySimFighter {
  readonly name: string;
  readonly hp: number;
  readonly damage: number;
}

export interface ToyJob extends SeededJob {
  readonly fighters: readonly [ToySimFighter, ToySimFighter];
  readonly maxRounds?: number;
}

/**
 * The toy's policy: strike while at least as healthy as the foe, otherwise
 * guard: a guard's own blow is halved (rounded up) and a blow against it
 * halved (rounded down). Both strike each round; a d6 of 4 or more hits.
 */
export type ToyChoice = "strike" | "guard";
export function toyPolicy(own: number, foe: number): ToyChoice {
  return own >= foe ? "strike" : "guard";
}

/** One toy fight: the same seed, the same fight. */
export function toyFight(job: ToyJob, dice: DiceSource): FightSummary {
  const hp = [job.fighters[0].hp, job.fighters[1].hp];
  const maxRounds = job.maxRounds ?? 50;
  let round = 0;
  while (hp[0]! > 0 && hp[1]! > 0 && round < maxRounds) {
    round += 1;
    const choices = [toyPolicy(hp[0]!, hp[1]!), toyPolicy(hp[1]!, hp[0]!)];
    const blows = [0, 1].map((side) => {
      if (dice.roll(6) < 4) return 0;
      const foe = 1 - side;
      const own = job.fighters[side as 0 | 1].damage;
      const damage = choices[side] === "guard" ? Math.ceil(own / 2) : own;
      return choices[foe] === "guard" ? Math.floor(damage / 2) : damage;
    });
    hp[1] = hp[1]! - blows[0]!;
    hp[0] = hp[0]! - blows[1]!;
  }
  const ends: EndState[] = hp.map((v) => (v > 0 ? "standing" : "dead"));
  const unfinished = hp[0]! > 0 && hp[1]! > 0;
  const winner = unfinished || (hp[0]! <= 0 && hp[1]! <= 0) ? null : hp[0]! > 0 ? 0 : 1;
  return { winner, rounds: round, ends, unfinished };
}

export const toyFightRunner: FightRunner<ToyJob> = {
  prepare: (job) => (seed) => toyFight(job, new SeededDice(seed)),
};

/** How many times the toy's simulator was loaded, and what its odds window last ran. */
export const toySimLog = { loads: 0, lastOdds: null as { names: string[]; tally: OddsTally | null } | null };

/**
 * The toy's Encounter odds "window": the two tokens' fighters (their `hp`,
 * a blade of 3) fought 200 times through the shared chunked runner.
 */
async function toyOdds(tokens: readonly OddsTokenLike[] = []): Promise<OddsTally | null> {
  const fighters = tokens.map((token) => {
    const system = (token.actor?.system ?? {}) as { hp?: { value?: number } };
    return { name: token.name ?? token.actor?.name ?? "?", hp: system.hp?.value ?? 1, damage: 3 };
  });
  if (fighters.length !== 2) return null;
  const job: ToyJob = { seed: 7, fighters: [fighters[0]!, fighters[1]!] };
  const tally = await runChunked(toyFightRunner, job, 200, { chunkSize: 50, yieldToUi: async () => {} });
  toySimLog.lastOdds = { names: fighters.map((f) => f.name), tally };
  return tally;
}

export const toySimulator: RulesetSimulator<ToyJob> = {
  rulesetId: "toy",
  runner: toyFightRunner,
  openOdds: toyOdds,
};

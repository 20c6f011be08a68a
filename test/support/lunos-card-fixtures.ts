import { ScriptedDice } from "../../src/rules/kernel/dice";
import { maneuverMenu, settleAttack } from "../../src/rules/lunos/attack-choice";
import { LUNOS_DEFAULTS } from "../../src/rules/lunos/config";
import { healthLevels } from "../../src/rules/lunos/health";
import {
  attackOf,
  type FightView,
  fighterOf,
  type LunosFight,
  resolveAttack,
  rollAttack,
  type TargetSpend,
} from "../../src/rules/lunos/round-engine";
import type { Maneuver } from "../../src/rules/lunos/types";
import { attackEffects } from "../../src/rulesets/lunos/chat/attack-effects";
import type { CardParty, LunosAttackCard } from "../../src/rulesets/lunos/chat/attack-state";
import { type PlacedToken, pushEffects } from "../../src/rulesets/lunos/chat/push";
import { CLUB, fighter, finish, LONGSWORD, MAIL, pool, roundOf, viewOf } from "./lunos-fixtures";

/**
 * Lunos attack cards as the GM stores them, each built from the rules
 * core's own round, roll and outcome and the card's own effects
 * (`attackEffects`), as `chat/attack-flow.ts` writes them (no figure typed
 * in): Al's club against Bo and Cy, a miss, a disarm that catches the
 * weapon, a grapple then a choke with its clock. The card's template
 * tests and the preview draw them.
 */

export const R = LUNOS_DEFAULTS;
export const VIEW = viewOf([
  fighter("al", { weapon: CLUB }),
  fighter("bo", { weapon: CLUB }),
  fighter("cy", { weapon: CLUB }),
]);

const uuidOf = (id: string) => `Actor.${id}`;

/** Al attacks Bo and Cy; Bo defends (one success: difficulty 2), Cy does not. */
function twoTargets(): LunosFight {
  return roundOf({
    view: VIEW,
    ids: ["al", "bo", "cy"],
    plans: {
      al: { actions: [{ kind: "attack", targets: ["bo", "cy"] }] },
      bo: { actions: [{ kind: "defense", against: ["al"] }] },
      cy: { actions: [{ kind: "other", task: "task" }] },
    },
    dice: [...pool(3, 2), ...pool(3, 0), ...pool(3, 0), ...pool(5, 1)],
  });
}

/** Five dice (a die off for the second target): 4, 4, 4, 2 and the luck die 7. */
const TWO_TARGET_DICE = [4, 4, 4, 2, 7];

/** The fight with Al's roll pending. */
export function rolled(dice: readonly number[] = TWO_TARGET_DICE) {
  return rollAttack(twoTargets(), "al", VIEW, new ScriptedDice(dice), R);
}

/**
 * The card the GM posts for the fight's pending attack, as the flow writes
 * it: the pool's faces with the luck die last (none in a grapple, whose
 * check stands in for the roll), the menu the engine accepts.
 */
function cardOfRoll(fight: LunosFight, view: FightView, dice: readonly number[]): LunosAttackCard {
  const pending = fight.pending!;
  const id = pending.attackerId;
  const sheet = view.sheet(id);
  const armed = pending.armed && sheet.weapon !== null;
  const party = (who: string): CardParty => ({
    combatantId: who,
    actorUuid: uuidOf(who),
    name: view.sheet(who).name,
  });
  return {
    ruleset: "lunos",
    revision: 0,
    stage: "spend",
    rollMode: "publicroll",
    combatId: "combat",
    round: fight.round,
    attacker: party(id),
    targets: pending.targets.map((t) => party(t.id)),
    weaponName: armed ? sheet.weapon!.name : "",
    attack: {
      kind: attackOf(fighterOf(fight, id).plan)!.kind,
      skill: armed ? sheet.weapon!.skill : "brawl",
      declared: pending.declared,
      forgoDamage: pending.forgoDamage,
      poolDie: R.poolDie,
      luckDie: R.luckDie,
    },
    pending,
    faces: dice.slice(0, -1),
    luck: dice.at(-1) ?? 0,
    menu: maneuverMenu(fight, view, R),
    spends: [],
    outcomes: [],
    effects: [],
    deltas: [],
  };
}

/** The card once its owner spent: the engine's outcome and the effects the card will apply. */
function spentCard(
  card: LunosAttackCard,
  fight: LunosFight,
  spends: readonly TargetSpend[],
  view: FightView,
): LunosAttackCard {
  const outcome = resolveAttack(fight, spends, view, R);
  const id = card.attacker.combatantId;
  return {
    ...card,
    revision: card.revision + 1,
    stage: "resolved",
    spends,
    outcomes: outcome.targets,
    effects: [
      ...attackEffects(fight, outcome, uuidOf, view, R),
      ...pushEffects(card.combatId, id, outcome.targets, uuidOf, onOneScene),
    ],
  };
}

/** Every fighter's token stands on one gridded scene: a push moves the pushed one's. */
const onOneScene = (): PlacedToken => ({
  x: 0,
  y: 0,
  width: 1,
  height: 1,
  parent: { id: "scene", grid: {} as never },
});

export function lunosCard(patch: Partial<LunosAttackCard> = {}): LunosAttackCard {
  return { ...cardOfRoll(rolled(), VIEW, TWO_TARGET_DICE), ...patch };
}

/** The card once spent: a push on Bo (its token moved), nothing on Cy. */
export function lunosResolved(patch: Partial<LunosAttackCard> = {}): LunosAttackCard {
  const spends = [{ target: "bo", maneuvers: ["push" as const] }];
  return { ...spentCard(lunosCard(), rolled(), spends, VIEW), ...patch };
}

/**
 * Applied by the GM: Undo offered. (The values before and after are the
 * applier's, from the documents; the card's drawing does not show them.)
 */
export function lunosApplied(patch: Partial<LunosAttackCard> = {}): LunosAttackCard {
  const resolved = lunosResolved();
  return { ...resolved, revision: resolved.revision + 1, stage: "applied", ...patch };
}

/** Al's five dice all fail: neither Bo (difficulty 2) nor Cy (difficulty 1) is hit; nothing to spend or apply. */
export function lunosMissed(): LunosAttackCard {
  const dice = [2, 2, 2, 2, 2];
  return spentCard(cardOfRoll(rolled(dice), VIEW, dice), rolled(dice), [], VIEW);
}

/** Al's club against Bo's longsword, next to each other. */
export const DUEL = viewOf([fighter("al", { weapon: CLUB }), fighter("bo", { weapon: LONGSWORD })]);

/** Round 1 of the duel: Al first, attacking Bo, who defends (one success: difficulty 2). */
function duel(): LunosFight {
  return roundOf({
    view: DUEL,
    ids: ["al", "bo"],
    plans: {
      al: { actions: [{ kind: "attack", targets: ["bo"] }] },
      bo: { actions: [{ kind: "defense", against: ["al"] }] },
    },
    dice: [...pool(3, 2), ...pool(3, 0), ...pool(5, 1)],
  });
}

/** Al's six dice in the duel: three successes, one extra on Bo. */
const DUEL_DICE = pool(6, 3);

/** Al declares a maneuver before the roll and forgoes the damage: its two free successes and the extra pay. */
function declaredRoll(declared: Maneuver) {
  const settled = settleAttack(duel(), "al", { targets: ["bo"], declared, forgoDamage: true }, DUEL, R);
  return rollAttack(settled, "al", DUEL, new ScriptedDice(DUEL_DICE), R);
}

/** LUN-MNV-3: a Disarm declared, the sword caught rather than flung: it goes to Al's sheet. */
export function lunosDisarmCaught(): LunosAttackCard {
  const fight = declaredRoll("disarm");
  const spends = [{ target: "bo", maneuvers: ["disarm" as const], catchWeapon: true }];
  return spentCard(cardOfRoll(fight, DUEL, DUEL_DICE), fight, spends, DUEL);
}

/**
 * Round 2's start: the grapple checks (Al four dice, all successes; Bo
 * four, none), then initiative (Al two successes, Bo none): Al first.
 */
const CHOKE_ROUND_DICE = [...pool(4, 4), ...pool(4, 0), ...pool(3, 2), ...pool(3, 0)];

/**
 * LUN-GRP-3: round 1, Al declares a Grapple and forgoes the damage; round 2 the grapple checks stand for
 * the roll (Al's all successes, Bo's none), and Al buys a Choke: Bo's
 * choke clock starts, as long as his Body gives.
 */
export function lunosChoke(stage: "spend" | "resolved" = "resolved"): LunosAttackCard {
  const first = declaredRoll("grapple");
  const held = finish(resolveAttack(first, [{ target: "bo", maneuvers: ["grapple"] }], DUEL, R).fight);
  const next = roundOf({
    view: DUEL,
    fight: held,
    plans: {
      al: { actions: [{ kind: "attack", targets: ["bo"] }] },
      bo: { actions: [{ kind: "other", task: "speak" }] },
    },
    dice: CHOKE_ROUND_DICE,
  });
  const fight = rollAttack(next, "al", DUEL, new ScriptedDice([]), R);
  const card = cardOfRoll(fight, DUEL, []);
  if (stage === "spend") return card;
  return spentCard(card, fight, [{ target: "bo", maneuvers: ["choke"] }], DUEL);
}

const DAG = fighter("dag", { weapon: CLUB, armor: MAIL, abilities: { body: 5 } });
/** Dag in mail with Body 5: Al's club gets nothing through. */
const ARMORED = viewOf([fighter("al", { weapon: CLUB }), DAG]);

/** Al hits Dag, who declared no defense, with one success: the armor and Body stop the damage. */
export function lunosArmorStops(): LunosAttackCard {
  const fight = rollAttack(
    roundOf({
      view: ARMORED,
      ids: ["al", "dag"],
      plans: {
        al: { actions: [{ kind: "attack", targets: ["dag"] }] },
        dag: { actions: [{ kind: "other", task: "task" }] },
      },
      dice: [...pool(3, 2), ...pool(3, 0)],
    }),
    "al",
    ARMORED,
    new ScriptedDice(pool(6, 1)),
    R,
  );
  return spentCard(cardOfRoll(fight, ARMORED, pool(6, 1)), fight, [], ARMORED);
}

/**
 * A target's levels in all, as its sheet gives them (the card's drawing
 * reads the actor's): Al, Bo and Cy have Body 2, Dag Body 5.
 */
export function fixtureLevels(actorUuid: string): number | null {
  const id = actorUuid.replace(/^Actor\./, "");
  const sheet = id === "dag" ? DAG : ["al", "bo", "cy"].includes(id) ? VIEW.sheet(id) : null;
  return sheet ? healthLevels(sheet.abilities.body, R) : null;
}

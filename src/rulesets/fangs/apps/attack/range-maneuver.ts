import { CombatRefusal } from "../../../../combat/combat-refusal";
import { pairIds, pairsOf } from "../../../../combat/pairs";
import type { TrackerRowClick } from "../../../../combat/tracker-parts";
import { localize } from "../../../../config/localize";
import { type RangeManeuverResult, rangeManeuver, rangeManeuverFor } from "../../../../rules/fangs/reach";
import { RulesError } from "../../../../rules/kernel/errors";
import { postCheck } from "../../chat/check-card";
import { rulesErrorKey } from "../../chat/defense-options";
import { FactsError, weaponSkill } from "../../chat/facts";
import { immobilizedIn } from "../../combat/hold-control";
import { pairReachOf, pairReachUpdate } from "../../combat/pair-reach";
import { engagedPaces, engagingRange, keptReach, reachItemOf, reachWeaponOf } from "../../combat/reach-table";
import { actorFacts } from "../../combat/snapshot";
import { rulesOptions } from "../../config/settings";
import { pacesBetween } from "./start-attack";

/**
 * Advance and withdraw at the table (RHF-RNG-3, the reach module): the
 * `rangeManeuver` round action, asked by a combatant's owner from the
 * tracker toward its target (src/rulesets/fangs/tracker-row.ts) and carried
 * out on the active GM's client, inside the Combat's turn, from the
 * documents alone: the request names only the other combatant. The GM's
 * client rolls the core's `rangeManeuver` (a FANGS check at the Hard
 * modifier) on FANGS's check card and keeps the range it leaves on the
 * pair (../../combat/pair-reach.ts), with the round, so a second one that
 * round is refused.
 */

type AnyActor = Actor.Implementation;

const REFUSAL = "FANGS.Reach.Refusal.";

function refuse(reason: string, data: Record<string, string> = {}): CombatRefusal {
  return new CombatRefusal(`${REFUSAL}${reason}`, data);
}

/** The core's refusals of a range maneuver that have words of their own; any other is named by its code. */
const CORE_REASONS: readonly string[] = ["OneRangeManeuver", "AtOwnRange"];

/** The words for the core's refusal: its reason's own, else the module's or the rules' words for its code (never a bare key). */
export function rangeRefusalKey(error: RulesError): string {
  const reason = error.details.reason;
  if (typeof reason === "string" && CORE_REASONS.includes(reason)) return `${REFUSAL}${reason}`;
  return error.code === "round-refused" ? `${REFUSAL}Other` : rulesErrorKey(error);
}

/** Range maneuvers this combatant made this round, with anyone (the text's one a round is the fighter's). */
function madeThisRound(combat: Combat.Implementation, id: string): number {
  let made = 0;
  for (const key of pairsOf(combat, id)) {
    const [a, b] = pairIds(key);
    if (pairReachOf(combat, a, b)?.moved[id] === combat.round) made += 1;
  }
  return made;
}

/** Engaged by the tokens: one scene, no further apart than the longer of their weapons reaches. */
function engagedByTokens(self: Combatant.Implementation, other: Combatant.Implementation): boolean {
  const a = self.token as TokenDocument.Implementation | null;
  const b = other.token as TokenDocument.Implementation | null;
  const paces = a && b ? pacesBetween(a, b) : null;
  return paces !== null && paces <= engagedPaces(self.actor, other.actor);
}

/**
 * One advance or withdraw by `ids[0]` toward the range its weapon strikes
 * at, against `other`: a refusal (nothing rolled, nothing written) or null
 * once rolled and kept. Refused when the module is off, the round has not
 * begun, the two are not engaged, the fighter is out of the fight, has no
 * melee weapon or its skill, stands at its weapon's range already
 * ("AtOwnRange") or made its one this round ("OneRangeManeuver").
 */
export async function performRangeManeuver(
  combat: Combat.Implementation,
  ids: readonly string[],
  otherId: string,
): Promise<CombatRefusal | null> {
  const rules = rulesOptions();
  if (rules?.reachModule !== true) return refuse("ModuleOff");
  if (!combat.started) return refuse("NotStarted");
  const self = combat.combatants.get(ids[0] ?? "");
  const other = combat.combatants.get(otherId);
  if (!self?.id || !other?.id || self.id === other.id || !self.actor || !other.actor)
    return new CombatRefusal("FANGS.Combat.Refusal.UnknownCombatant");
  const actor = self.actor as AnyActor;
  const names = { name: self.name ?? "", other: other.name ?? "" };
  if (actorFacts(actor, self.isDefeated).outOfAction) return refuse("OutOfAction", names);
  // Nobody keeps a range with one out of the fight.
  if (actorFacts(other.actor as AnyActor, other.isDefeated).outOfAction)
    return refuse("OtherOutOfAction", names);
  // RHF-HLD-2: held past its ST it "can take no longer any action", a step included.
  if (immobilizedIn(combat, self, rules)) return refuse("Immobilized", names);
  const item = reachItemOf(actor);
  if (!item) return refuse("NoMeleeWeapon", names);
  const kept = keptReach(combat, self, other);
  if ((!kept || typeof kept.apart === "number") && !engagedByTokens(self, other))
    return refuse("NotEngaged", names);
  const range = kept?.range ?? engagingRange(self, other, rules);
  const weapon = reachWeaponOf(item);
  const made = madeThisRound(combat, self.id);
  let skill: number;
  let maneuver: string | null;
  try {
    skill = weaponSkill(actor, item).total;
    // Asked before the card: a maneuver the core refuses posts nothing.
    maneuver = rangeManeuverFor(weapon, range, rules);
  } catch (error) {
    if (error instanceof FactsError) return new CombatRefusal(error.key, error.data);
    if (error instanceof RulesError) return new CombatRefusal(rangeRefusalKey(error), names);
    throw error;
  }
  if (made > 0) return refuse("OneRangeManeuver", names);
  if (maneuver === null)
    return refuse("AtOwnRange", { ...names, range: localize(`FANGS.Reach.Range.${range}`) });
  let rolled: RangeManeuverResult | null = null;
  try {
    await postCheck({
      actor,
      resolve: (dice) => {
        rolled = rangeManeuver({ weapon, range, skill, madeThisRound: made }, dice, rules);
        return rolled.check;
      },
      meta: {
        label: localize("FANGS.Reach.Check.Label", {
          maneuver: localize(`FANGS.Reach.Maneuver.${maneuver}`),
          other: names.other,
          range: localize(`FANGS.Reach.Range.${range}`),
        }),
        localizeLabel: false,
      },
    });
  } catch (error) {
    if (error instanceof RulesError) return new CombatRefusal(rangeRefusalKey(error), names);
    throw error;
  }
  const done = rolled as RangeManeuverResult | null;
  if (!done) return refuse("Other", names);
  const update = pairReachUpdate(self.id, other.id, {
    range: done.range,
    moved: {
      ...(kept?.moved[other.id] ? { [other.id]: kept.moved[other.id]! } : {}),
      [self.id]: combat.round,
    },
    // Made engaged: no parting mark.
    apart: null,
  });
  if (update) await combat.update(update);
  return null;
}

/** Those of the combat's combatants this token stands for that keep a range with someone. */
function rangedCombatantsOf(combat: Combat.Implementation, token: { readonly id?: string | null }): string[] {
  return combat.combatants
    .filter((c) => c.id !== null && (c.token === token || (!!token.id && c.tokenId === token.id)))
    .map((c) => c.id!)
    .filter((id) =>
      pairsOf(combat, id).some((key) => {
        const [a, b] = pairIds(key);
        return pairReachOf(combat, a, b) !== null;
      }),
    );
}

/**
 * The reach module: a moved token's fighters whose tokens now stand apart
 * from the other of a kept pair have parted: the round is marked on the
 * pair, which reads as not engaged from the next round; back within reach
 * in the same round, the mark comes off and the range won stands (the
 * active GM's client, in the Combat's turn). A pair whose tokens are not
 * both on one scene keeps its range: nothing says they parted.
 */
export async function partIfApart(token: { readonly id?: string | null }): Promise<void> {
  for (const combat of (game.combats ?? []) as Iterable<Combat.Implementation>) {
    const ids = rangedCombatantsOf(combat, token);
    if (ids.length > 0) await partInCombat(combat, ids);
  }
}

function partInCombat(combat: Combat.Implementation, ids: readonly string[]): Promise<void> {
  const acting = combat as unknown as { inTurn<T>(work: () => Promise<T>): Promise<T> };
  return acting.inTurn(async () => {
    for (const id of ids) {
      const self = combat.combatants.get(id);
      if (!self) continue;
      for (const key of pairsOf(combat, id)) {
        const [a, b] = pairIds(key);
        const other = combat.combatants.get(a === id ? b : a);
        const kept = pairReachOf(combat, a, b);
        if (!other?.id || !kept) continue;
        const apart = tokensApart(self, other);
        let update: Combat.UpdateData | null = null;
        // Parting marks the round they parted in; standing engaged again takes the mark off.
        const marked = typeof kept.apart === "number";
        if (apart && !marked) update = pairReachUpdate(a, b, { ...kept, apart: combat.round });
        else if (!apart && marked && kept.apart! >= combat.round)
          update = pairReachUpdate(a, b, { ...kept, apart: null });
        if (update) await combat.update(update);
      }
    }
  });
}

/** Both tokens on one scene, further apart than the longer of their weapons reaches. */
function tokensApart(self: Combatant.Implementation, other: Combatant.Implementation): boolean {
  const a = self.token as TokenDocument.Implementation | null;
  const b = other.token as TokenDocument.Implementation | null;
  const paces = a && b ? pacesBetween(a, b) : null;
  return paces !== null && paces > engagedPaces(self.actor, other.actor);
}

/**
 * The reach module's advance or withdraw (RHF-RNG-3), asked from the row
 * toward the one token this user targets, as an attack is: the active GM
 * rolls it and says which of the two it is.
 */
export async function askRangeManeuver({ combatant, ask }: TrackerRowClick): Promise<null> {
  const targets = [...(game.user?.targets ?? [])];
  const combat = combatant.combat;
  const token = targets.length === 1 ? targets[0]!.document : null;
  const other =
    token && combat
      ? (combat.getCombatantsByToken(token)[0] ??
        (token.actor ? combat.getCombatantsByActor(token.actor)[0] : undefined))
      : undefined;
  if (!other?.id || other.id === combatant.id) {
    ui.notifications?.warn(localize("FANGS.Reach.Refusal.NoTarget", { name: combatant.name ?? "" }));
    return null;
  }
  await ask("rangeManeuver", { with: other.id });
  return null;
}

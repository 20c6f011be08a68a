import { FoundryDice } from "../../../chat/foundry-random-dice";
import { CombatRefusal } from "../../../combat/combat-refusal";
import { writePair } from "../../../combat/pairs";
import { breakFreeFromHolds } from "../../../rules/fangs/holds";
import { RulesError } from "../../../rules/kernel/errors";
import { skillValueByKey } from "../chat/facts";
import { rulesOptions } from "../config/settings";
import { holdsOn, markImmobilized } from "./hold-control";

/**
 * The round action `breakFree` on the active GM's client (the holds module,
 * RHF-HLD-3 on FANGS's NC-GRP-3): the held fighter, on its own turn, tries
 * FANGS's opposed Grapple roll against the grappler whose hold the GM keeps
 * (./hold-control.ts). `breakFreeFromHolds` refuses an immobilized fighter
 * before any die. Freed, that hold and its points come off, and the
 * Grappled status with the last hold; held, the try is kept on the hold, and
 * a second the same round is refused. It is not the round's attack: the
 * text names no other cost. Told in the chat either way.
 */

function grappleSkill(actor: Actor.Implementation | null): number {
  return actor ? (skillValueByKey(actor, "grapple")?.total ?? 0) : 0;
}

export async function breakFreeAction(
  combat: Combat.Implementation,
  ids: readonly string[],
): Promise<CombatRefusal | null> {
  const victim = ids.length === 1 ? combat.combatants.get(ids[0] ?? "") : undefined;
  if (!victim?.id) return new CombatRefusal("FANGS.Combat.Refusal.UnknownCombatant");
  const rules = rulesOptions();
  const name = victim.name ?? "";
  const holds = holdsOn(combat, victim, rules);
  const held = holds[0];
  if (!held?.grappler.id) return new CombatRefusal("FANGS.Combat.Refusal.NoHoldKept", { name });
  // NC-GRP-3: the roll "takes place on the target's normal initiative": one try a round.
  const round = Math.max(1, combat.round ?? 1);
  if (holds.some((h) => h.hold.tried === round))
    return new CombatRefusal("FANGS.Combat.Refusal.BreakFreeTried", { name });
  let freed: boolean;
  let rolls: { target: number; grappler: number };
  try {
    const result = breakFreeFromHolds(
      {
        target: { skill: grappleSkill(victim.actor), modifiers: 0 },
        grappler: { skill: grappleSkill(held.grappler.actor), modifiers: 0 },
        // The request's owner check ("current") puts it on the held fighter's own turn.
        onTargetsInitiative: true,
      },
      holds.map((h) => h.control),
      new FoundryDice(),
      rules,
    );
    freed = result.freed;
    rolls = { target: result.target.total, grappler: result.grappler.total };
  } catch (error) {
    if (error instanceof RulesError && error.details.reason === "Immobilized")
      return new CombatRefusal("FANGS.Combat.Refusal.Immobilized", { name });
    throw error;
  }
  if (!freed) await writePair(combat, held.grappler.id, victim.id, { hold: { ...held.hold, tried: round } });
  if (freed) {
    await writePair(combat, held.grappler.id, victim.id, { hold: null });
    if (holds.length === 1 && victim.actor?.statuses?.has("grappled"))
      await victim.actor.toggleStatusEffect("grappled", { active: false });
    await markImmobilized(combat, victim, rules);
  }
  const html = foundry.utils.escapeHTML;
  await ChatMessage.create({
    content: `<div class="fangs-combat-note"><p>${game.i18n!.format(
      freed ? "FANGS.Combat.Note.BrokeFree" : "FANGS.Combat.Note.StillHeld",
      {
        name: html(name),
        grappler: html(held.grappler.name ?? ""),
        roll: String(rolls.target),
        against: String(rolls.grappler),
      },
    )}</p></div>`,
    speaker: { alias: game.i18n!.localize("FANGS.Combat.Tracker.Title") },
    ...(victim.hidden === true || held.grappler.hidden === true
      ? { whisper: game.users!.filter((u) => u.isGM).map((u) => u.id!) }
      : {}),
  });
  return null;
}

import { foundryDie } from "../../../chat/foundry-dice";
import { runWithDice } from "../../../chat/replay-dice";
import { flattenTurnOrder } from "../../../rules/kernel/ruleset";
import { type InitiativeRoll, rollInitiative } from "../../../rules/sharene/round-engine";
import { readShareneTable } from "./round-read";
import { storedRecord } from "./round-record";
import type { ShareneRoundPlan } from "./sharene-table";

/**
 * SHA-INI-1 at the table: once the declarations are closed, the active
 * GM's client rolls every fighter's 1d10 as a real Foundry Roll (manual
 * dice entry and dice modules see it), has the engine add DEX or AGI by
 * the declared action and draw the order, writes the order and each roll
 * in one update, and posts each fighter's roll to chat as Foundry's own
 * initiative does: the GM's roll mode, a hidden combatant's roll to the
 * GMs only. Sharene's heavy part.
 */

type RollMode = Parameters<typeof ChatMessage.applyRollMode>[1];

function rollMode(): string {
  const mode = String(game.settings?.get("core", "rollMode") ?? "publicroll");
  return Object.hasOwn(CONFIG.Dice.rollModes, mode) ? mode : "publicroll";
}

/** The message's Roll: the die as rolled, plus the ability the action adds ("1d10 + 14"). */
export function initiativeRollData(initiative: InitiativeRoll, faces: number, flavor: string) {
  return {
    class: "Roll",
    options: { flavor, fangsStep: "initiative" },
    dice: [],
    formula: `1d${faces} + ${initiative.abilityValue}`,
    terms: [
      {
        class: "Die",
        options: {},
        evaluated: true,
        number: 1,
        faces,
        modifiers: [],
        results: [{ result: initiative.roll, active: true }],
      },
      { class: "OperatorTerm", options: {}, evaluated: true, operator: "+" },
      { class: "NumericTerm", options: {}, evaluated: true, number: initiative.abilityValue },
    ],
    total: initiative.total,
    evaluated: true,
  };
}

const ABILITY_KEYS = { dex: "SHARENE.Characteristic.dex", agi: "SHARENE.Characteristic.agi" } as const;

async function postRoll(
  combatant: Combatant.Implementation,
  initiative: InitiativeRoll,
  action: string | null,
  faces: number,
  mode: string,
): Promise<void> {
  const i18n = game.i18n!;
  const flavor = i18n.format("SHARENE.Combat.Initiative.Flavor", {
    // The flavor is drawn as HTML: a name is text.
    name: foundry.utils.escapeHTML(combatant.name ?? ""),
    action: i18n.localize(`SHARENE.ActionKind.${action ?? "melee"}`),
    ability: i18n.localize(ABILITY_KEYS[initiative.ability]),
    faces: String(faces),
  });
  const data: ChatMessage.CreateData = {
    speaker: ChatMessage.getSpeaker({
      actor: combatant.actor ?? undefined,
      token: combatant.token ?? undefined,
    }),
    flavor,
    content: String(initiative.total),
    rolls: [Roll.fromData(initiativeRollData(initiative, faces, flavor) as never) as Roll],
  };
  // As Foundry's own initiative: a combatant hidden from the players rolls for the GMs only.
  const shown = combatant.hidden && mode === "publicroll" ? "gmroll" : mode;
  ChatMessage.applyRollMode(data, shown as RollMode);
  await ChatMessage.create(data);
}

/**
 * Rolls the round's initiative (on the active GM's client, in the Combat's
 * write queue, after the plan that closed the declarations) and writes the
 * order as a further plan.
 */
export async function rollShareneInitiative(combat: Combat.Implementation): Promise<void> {
  const read = readShareneTable(combat);
  const mode = rollMode();
  const declaring = { ...read.round, phase: "declare" as const, slots: [], turn: null };
  const { value: rolled } = await runWithDice(
    (dice) => rollInitiative(declaring, read.view, dice, read.rules),
    foundryDie({ blind: mode === "blindroll" }),
    "initiative",
  );
  const { order, groups } = flattenTurnOrder(rolled.slots);
  const plan: ShareneRoundPlan = {
    round: read.round.round,
    phase: "style",
    order,
    groups,
    turn: null,
    combatants: rolled.fighters
      .filter((f) => f.initiative !== null)
      .map(({ id, outOfAction: _out, ...record }) => ({
        _id: id,
        system: { initiativeRoll: storedRecord(record).initiativeRoll },
        initiative: record.initiative!.total,
      })),
    newRound: false,
  };
  // Written as the pointer's repair after the move that closed the declarations: no second turn hook.
  await (combat as unknown as { applyPlan(p: ShareneRoundPlan, step: "leave"): Promise<unknown> }).applyPlan(
    plan,
    "leave",
  );
  for (const f of rolled.fighters) {
    const combatant = read.combatants.get(f.id);
    if (combatant && f.initiative)
      await postRoll(combatant, f.initiative, f.action, read.rules.initiativeDie, mode);
  }
}

import { foundryDie } from "../../../chat/foundry-dice";
import { rollDataFor, runWithDice } from "../../../chat/replay-dice";
import { CombatRefusal } from "../../../combat/combat-refusal";
import type { DieResult } from "../../../rules/kernel/dice";
import type { PoolRoll } from "../../../rules/lunos/pool";
import { beginAttacks, type LunosFight, standUpDice, startRound } from "../../../rules/lunos/round-engine";
import { type LunosTableRead, lunosRefusal, readLunosTable, refusing } from "./fight-read";
import { passTheOut, planOf } from "./round-planner";
import { syncLunosStatuses } from "./status-sync";

/**
 * The dice of a Lunos round at the table, on the active GM's client in the
 * Combat's write queue, after the plan that called for them: a round's
 * start (`startRound`: grapple checks and initiative from Reflexes) and,
 * the declarations closed, the defense rolls (`beginAttacks`). Each die is
 * a real Foundry Roll (manual dice entry and dice modules see it, through
 * the house's seam, src/chat/replay-dice.ts); the engine's result is
 * written as a further plan, then each fighter's roll is posted as its own
 * message with the GM's roll mode, a hidden combatant's to the GMs only,
 * as Foundry's initiative does. The statuses the move ended come off the
 * tokens (./status-sync.ts). Lunos's heavy part.
 */

type RollMode = Parameters<typeof ChatMessage.applyRollMode>[1];

function rollMode(): string {
  const mode = String(game.settings?.get("core", "rollMode") ?? "publicroll");
  return Object.hasOwn(CONFIG.Dice.rollModes, mode) ? mode : "publicroll";
}

/** A fighter's share of the dice rolled: which roll, whose, and its result in the engine's terms. */
interface Share {
  readonly id: string | null;
  readonly step: "grappleCheck" | "initiative" | "rollOff" | "standUp" | "defense";
  readonly dice: readonly DieResult[];
  readonly roll: PoolRoll | null;
  /** A roll to stand: whether the fighter got up. */
  readonly stood?: boolean;
}

/** Cuts the dice rolled into each roll's, in the order the engine rolled them (each `PoolRoll.dice` long). */
function cutter(dice: readonly DieResult[]) {
  let at = 0;
  return {
    take(count: number): DieResult[] {
      const out = dice.slice(at, at + count);
      at += count;
      return out;
    },
    rest: () => dice.slice(at),
  };
}

/** The round's start, its dice shared out: grapple checks (grapple by grapple), initiative (fighter by fighter), a roll-off. */
function startShares(before: LunosFight, after: LunosFight, dice: readonly DieResult[]): Share[] {
  const cut = cutter(dice);
  const shares: Share[] = [];
  const of = (id: string) => after.fighters.find((f) => f.id === id);
  for (const g of before.grapples)
    for (const id of [g.a, g.b]) {
      const check = of(id)?.grappleCheck ?? null;
      if (check) shares.push({ id, step: "grappleCheck", dice: cut.take(check.dice), roll: check });
    }
  for (const f of after.fighters)
    if (f.initiative)
      shares.push({ id: f.id, step: "initiative", dice: cut.take(f.initiative.dice), roll: f.initiative });
  const rest = cut.rest();
  if (rest.length > 0) shares.push({ id: null, step: "rollOff", dice: rest, roll: null });
  return shares;
}

/** The defense rolls, their dice shared out fighter by fighter: a roll to stand first, where one was made. */
function defenseShares(
  read: LunosTableRead,
  before: LunosFight,
  after: LunosFight,
  dice: readonly DieResult[],
): Share[] {
  const cut = cutter(dice);
  const shares: Share[] = [];
  for (const f of before.fighters) {
    if (f.dead || f.unconscious || f.plan === null) continue;
    if (f.prone && f.plan.standByRoll === true) {
      // Its pool as the engine makes it (`standUpDice`; the empty pool rolls its luck die).
      const pool = standUpDice(f, read.view.sheet(f.id), read.rules);
      const count = pool <= 0 && read.rules.emptyPool === "noRoll" ? 0 : Math.max(1, pool);
      const stood = after.fighters.find((x) => x.id === f.id)?.prone === false;
      if (count > 0) shares.push({ id: f.id, step: "standUp", dice: cut.take(count), roll: null, stood });
    }
    const defense = after.fighters.find((x) => x.id === f.id)?.defense ?? null;
    if (defense)
      shares.push({ id: f.id, step: "defense", dice: cut.take(defense.roll.dice), roll: defense.roll });
  }
  return shares;
}

const FLAVOR: Readonly<Record<Share["step"], string>> = Object.freeze({
  grappleCheck: "LUNOS.Combat.Roll.GrappleCheck",
  initiative: "LUNOS.Combat.Roll.Initiative",
  rollOff: "LUNOS.Combat.Roll.RollOff",
  standUp: "LUNOS.Combat.Roll.StandUp",
  defense: "LUNOS.Combat.Roll.Defense",
});

async function post(read: LunosTableRead, share: Share, mode: string): Promise<void> {
  if (share.dice.length === 0) return;
  const combatant = share.id === null ? null : (read.combatants.get(share.id) ?? null);
  const i18n = game.i18n!;
  // The flavor is drawn as HTML: a name is text.
  const name = foundry.utils.escapeHTML(combatant?.name ?? "");
  // A roll to stand says what it needed and whether the fighter is up.
  const flavor =
    share.step === "standUp"
      ? i18n.format(share.stood ? "LUNOS.Combat.Roll.StandUp" : "LUNOS.Combat.Roll.StandUpFailed", {
          name,
          difficulty: String(read.rules.standUpDifficulty),
        })
      : i18n.format(FLAVOR[share.step], { name, successes: String(share.roll?.successes ?? 0) });
  const data = rollDataFor({ step: share.step, dice: share.dice }, flavor);
  const message: ChatMessage.CreateData = {
    speaker: combatant
      ? ChatMessage.getSpeaker({ actor: combatant.actor ?? undefined, token: combatant.token ?? undefined })
      : ChatMessage.getSpeaker(),
    flavor,
    content: share.roll ? String(share.roll.successes) : "",
    rolls: data ? [Roll.fromData(data as never) as Roll] : [],
  };
  // As Foundry's own initiative: a combatant hidden from the players rolls for the GMs only.
  const hidden =
    combatant?.hidden === true || (share.id === null && [...read.combatants.values()].some((c) => c.hidden));
  ChatMessage.applyRollMode(message, (hidden && mode === "publicroll" ? "gmroll" : mode) as RollMode);
  await ChatMessage.create(message);
}

/**
 * Rolls what a plan called for and writes the engine's result as a further
 * plan (no turn hook: the move that called for it announced the step). A
 * refusal (a sheet the rules refuse) is told and leaves the fight where it
 * was, to be rolled again on the next Next turn.
 */
export async function rollLunosDice(combat: Combat.Implementation, what: "round" | "defense"): Promise<void> {
  let read: LunosTableRead;
  try {
    read = readLunosTable(combat);
  } catch (error) {
    return warn(lunosRefusal(error, new Map()));
  }
  const fight = read.fight;
  if (fight === null || fight.phase !== (what === "round" ? "end" : "declare")) return;
  const mode = rollMode();
  let rolled: { value: LunosFight; dice: { dice: readonly DieResult[] } };
  try {
    rolled = await runWithDice(
      (dice) =>
        refusing(read, () =>
          what === "round"
            ? startRound(fight, read.view, dice, read.rules)
            : passTheOut(beginAttacks(fight, read.view, dice, read.rules)),
        ),
      foundryDie({ blind: mode === "blindroll" }),
      what === "round" ? "initiative" : "defense",
    );
  } catch (error) {
    return warn(error);
  }
  const next = rolled.value;
  // Every slot passed (all out): the round is over, and the next one opens.
  const over = what === "defense" && next.phase === "end";
  const plan = over ? planOf(read, next, { newRound: true, roll: "round" }) : planOf(read, next);
  const shares =
    what === "round"
      ? startShares(fight, next, rolled.dice.dice)
      : defenseShares(read, fight, next, rolled.dice.dice);
  await (combat as unknown as { applyPlan(p: unknown, step: string): Promise<unknown> }).applyPlan(
    plan,
    over ? "forward" : "leave",
  );
  // What the move ended comes off the tokens (a spent stun, a broken choke, a fighter stood up...).
  await syncLunosStatuses(read, fight, next, what === "round");
  for (const share of shares) await post(read, share, mode);
}

/**
 * Tells why nothing was rolled: a refusal in its words; any other failure
 * (a die not rolled: manual entry closed, a dice module's error) logged and
 * told, the fight left where it was for the next Next turn to roll again.
 */
function warn(error: unknown): void {
  if (!(error instanceof CombatRefusal)) {
    console.error("FANGS | the Lunos round's dice were not rolled", error);
    ui.notifications?.warn(game.i18n!.localize("LUNOS.Combat.Roll.Failed"));
    return;
  }
  const data = Object.fromEntries(Object.entries(error.data).map(([k, v]) => [k, String(v)]));
  ui.notifications?.warn(game.i18n!.format(error.key, data));
}

import { activeTableRuleset } from "../../../combat/table-ruleset";
import { serialised } from "../../../documents/write-queue";
import type { LunosRules } from "../../../rules/lunos/config";
import type { FightView, LunosFight } from "../../../rules/lunos/round-engine";
import { readLunosTable } from "./fight-read";
import { readStoredFight, withFighters } from "./fight-record";
import { shownRecordOf, storedFightOf } from "./record";
import { planOf } from "./round-planner";
import { shownOf } from "./shown";

/**
 * The round's fight as the attack card reaches it, on the active GM's side
 * (Lunos's heavy part): the fight read from the Combat's record with the
 * combatants and actors as they are now, the fighters' sheets and the
 * feet between them, the world's rules, and `commit`, which writes a fight
 * the engine answered (`rollAttack`, `resolveAttack`, `strikeThreat`) back
 * as one update, the rows' shown data with it. The card writes within its
 * own step of the GM's write queue; `commit` does not queue again.
 */
export interface LunosFightAccess {
  fight(): LunosFight;
  view(): FightView;
  rules(): LunosRules;
  commit(next: LunosFight): Promise<void>;
  /** A copy of the fight as the Combat stores it now (what an Apply keeps for its Undo). */
  stored(): Record<string, unknown>;
  /** Writes a fight `stored()` gave back, read as every record is (with the combat's fighters now). */
  restore(stored: unknown): Promise<void>;
}

/**
 * The access for this Combat, or null: not the active GM's client, a world
 * that does not play Lunos, a combat with no round begun, or a stored fight
 * the table does not read (the GM is told on the tracker).
 */
export function fightAccessOf(combat: Combat.Implementation | null | undefined): LunosFightAccess | null {
  if (!combat || game.users?.activeGM?.isSelf !== true || activeTableRuleset().id !== "lunos") return null;
  let first: ReturnType<typeof readLunosTable>;
  try {
    first = readLunosTable(combat);
  } catch {
    return null;
  }
  if (first.fight === null) return null;
  const now = () => {
    const read = readLunosTable(combat);
    if (read.fight === null) throw new Error("FANGS | the Lunos fight is gone from its combat");
    return { read, fight: read.fight };
  };
  const commit = async (next: LunosFight): Promise<void> => {
    const { read } = now();
    const plan = planOf(read, next);
    await (combat as unknown as { applyPlan(p: unknown, step: "leave"): Promise<unknown> }).applyPlan(
      plan,
      "leave",
    );
  };
  return {
    fight: () => now().fight,
    view: () => readLunosTable(combat).view,
    rules: () => readLunosTable(combat).rules,
    commit,
    stored: () => foundry.utils.deepClone(storedFightOf(combat) ?? {}),
    restore: (stored) => commit(withFighters(readStoredFight(stored), [...now().read.combatants.keys()])),
  };
}

/**
 * `updateCombatant`, on the active GM's client: a player's write of its
 * Lunos combatant's Foundry initiative (what the tracker shows) is put
 * back from the Combat's record.
 */
export function restoreLunosRound(combatant: Combatant.Implementation): Promise<void> {
  return serialised(async () => {
    const stored = shownRecordOf(combatant);
    if (stored === null) return;
    const { initiative } = shownOf(stored);
    if (combatant.initiative !== initiative) await combatant.update({ initiative } as never);
  });
}

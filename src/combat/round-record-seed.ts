import { serialised } from "../documents/write-queue";

/**
 * What every ruleset that keeps a GM-written round record per combatant does
 * on `createCombatant`: the active GM gives the newcomer its record at once,
 * so there is no window in which the GM would read a `system` its owner
 * wrote before any GM write. `write(byGM)`: one a GM created may keep what
 * it was given; one a player created starts from an empty round (a player's
 * client chose that data). Written in the GM's write queue, and not at all
 * when a record is already there.
 */
export function seedRecordOnJoin(
  combatant: Combatant.Implementation,
  userId: string,
  hasRecord: (combatant: Combatant.Implementation) => boolean,
  write: (byGM: boolean) => Promise<unknown>,
): void {
  if (!game.users?.activeGM?.isSelf || !combatant.combat) return;
  if (hasRecord(combatant)) return;
  const byGM = game.users.get(userId)?.isGM === true;
  void serialised(async () => {
    if (hasRecord(combatant) || !combatant.combat) return;
    await write(byGM);
  });
}

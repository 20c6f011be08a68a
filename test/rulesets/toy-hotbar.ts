import type { HotbarDropData } from "../../src/chat/hotbar-drop";
import { documentAtSync } from "../../src/documents/uuid";
import type { RulesetQuery } from "../../src/rulesets/registry";

/**
 * The toy's hotbar drop and query: a toy sheet's chant dragged to the
 * hotbar (`{ type: "toyChant", actorUuid }`) makes a macro whose script asks
 * the active GM to chant (`fangs.toyChant`, its definition's `queries`),
 * proven through the unchanged shared hook (src/chat/hotbar-drop.ts) and
 * start-up (src/chat/index.ts) in toy-hotbar.test.ts.
 */

export const TOY_CHANT_DRAG = "toyChant";
export const TOY_CHANT_QUERY = "fangs.toyChant";

/** What the toy's drop and query saw, in order. */
export const toyHotbarLog = { drops: [] as unknown[], chants: [] as { user: string; payload: unknown }[] };

/** The script a chant's macro runs, as a player's macro would: it asks the active GM. */
export function toyChantCommand(actorUuid: string): string {
  return `await game.users.activeGM.query(${JSON.stringify(TOY_CHANT_QUERY)}, { actorUuid: ${JSON.stringify(actorUuid)} });`;
}

/** The toy's `cards.hotbarDrop`: its chants only; everything else is left to the shared drop. */
export function toyHotbarDrop(
  data: HotbarDropData & { actorUuid?: unknown },
  slot: number | undefined,
): boolean {
  if (data.type !== TOY_CHANT_DRAG) return false;
  const actor = typeof data.actorUuid === "string" ? documentAtSync(data.actorUuid) : null;
  if (!(actor instanceof Actor)) return false;
  toyHotbarLog.drops.push(data);
  void (async () => {
    const macro = await Macro.create({
      name: `Chant of ${actor.name}`,
      type: "script",
      command: toyChantCommand(actor.uuid),
    });
    if (macro) await game.user?.assignHotbarMacro(macro, slot);
  })();
  return true;
}

/** The toy's `queries`: the chant, answered on the GM's client. */
export const toyQueries: Readonly<Record<string, RulesetQuery>> = {
  [TOY_CHANT_QUERY]: async (payload) => {
    toyHotbarLog.chants.push({ user: game.user?.id ?? "", payload });
    return { chanted: true };
  },
};

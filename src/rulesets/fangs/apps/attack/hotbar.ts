import type { HotbarDropData } from "../../../../chat/hotbar-drop";
import { documentAtSync } from "../../../../documents/uuid";
import { ROLL_DRAG_TYPE, rollSpecOf } from "../sheets/roll-spec";
import { assignRollMacro } from "./roll-macro";

/**
 * FANGS's own hotbar drops (its definition's `cards.hotbarDrop`): a sheet's
 * roll button or an owned skill makes a macro that rolls the check
 * (./roll-macro.ts). A weapon or a shield is the shared drop's
 * (src/chat/hotbar-drop.ts), as every ruleset's attack item is.
 */
export function fangsHotbarDrop(
  data: HotbarDropData & { actorUuid?: unknown; spec?: unknown },
  slot: number | undefined,
): boolean {
  if (data.type === ROLL_DRAG_TYPE) {
    const actor = typeof data.actorUuid === "string" ? documentAtSync(data.actorUuid) : null;
    const spec = rollSpecOf(data.spec);
    if (!(actor instanceof Actor) || !spec) return false;
    void assignRollMacro(actor as Actor.Implementation, spec, slot);
    return true;
  }
  if (data.type !== "Item") return false;
  const item = typeof data.uuid === "string" ? documentAtSync(data.uuid) : null;
  if (!(item instanceof Item) || !item.actor || item.type !== "skill" || !item.id) return false;
  void assignRollMacro(item.actor as Actor.Implementation, { kind: "skill", itemId: item.id }, slot);
  return true;
}

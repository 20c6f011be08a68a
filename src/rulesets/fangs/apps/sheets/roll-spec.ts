import { CHARACTERISTIC_IDS, type CharacteristicId } from "../../../../rules/fangs/types";

/**
 * What a sheet's roll button rolls, as plain data: the button, its drag to
 * the hotbar and the macro made from it all carry this; ./rolls.ts rolls it.
 */

/** Attributes rolled as a plain check: d20 + value ≥ 20 (CORE-CHK-2). */
export const ROLLABLE_ATTRIBUTES = ["idea", "luck", "dodge"] as const;
export type RollableAttribute = (typeof ROLLABLE_ATTRIBUTES)[number];

/** What a roll button or macro asks for. */
export type RollSpec =
  | { kind: "characteristic"; id: CharacteristicId; multiplier: number }
  | { kind: "attribute"; id: RollableAttribute }
  | { kind: "skill"; itemId: string };

/** A spec read from untyped data (a drag, a macro); null when it names nothing rollable. */
export function rollSpecOf(data: unknown): RollSpec | null {
  const d = (data ?? {}) as Record<string, unknown>;
  if (d.kind === "characteristic" && CHARACTERISTIC_IDS.includes(d.id as CharacteristicId)) {
    const multiplier = Number(d.multiplier ?? 1);
    return multiplier === 1 || multiplier === 2
      ? { kind: "characteristic", id: d.id as CharacteristicId, multiplier }
      : null;
  }
  if (d.kind === "attribute" && ROLLABLE_ATTRIBUTES.includes(d.id as RollableAttribute))
    return { kind: "attribute", id: d.id as RollableAttribute };
  if (d.kind === "skill" && typeof d.itemId === "string" && d.itemId)
    return { kind: "skill", itemId: d.itemId };
  return null;
}

/** The drag data of a roll button (the sheet sets it on dragstart; src/rulesets/fangs/apps/attack/hotbar.ts reads it). */
export const ROLL_DRAG_TYPE = "FangsRoll";
export interface RollDragData {
  type: typeof ROLL_DRAG_TYPE;
  actorUuid: string;
  spec: RollSpec;
}

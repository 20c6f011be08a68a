import { ICON_PATH } from "./system";

/**
 * The FANGS conditions, as token status effects. "dead" keeps Foundry's own
 * id so the combat tracker's "defeated" toggle sets our dead status.
 */
export const STATUS_IDS = [
  "stunned",
  "unconscious",
  "dying",
  "dead",
  "comatose",
  "impaled",
  "grappled",
  "prone",
  "holding",
  "engaged",
  "immobilized",
] as const;
export type FangsStatusId = (typeof STATUS_IDS)[number];

export interface FangsStatusEffect {
  readonly id: FangsStatusId;
  /** Lang key; Foundry localises it where the status is shown. */
  readonly name: string;
  readonly img: string;
}

export function statusIcon(id: FangsStatusId): string {
  return `${ICON_PATH}/status/${id}.svg`;
}

export const STATUS_EFFECTS: readonly FangsStatusEffect[] = Object.freeze(
  STATUS_IDS.map((id) =>
    Object.freeze({
      id,
      name: `FANGS.Status.${id.charAt(0).toUpperCase()}${id.slice(1)}`,
      img: statusIcon(id),
    }),
  ),
);

import { wholeNumber } from "../../../data/fields";

/**
 * A skill as a Sharene sheet writes it (SHA-RES-1): a level and the natural
 * ability it rests on; the rules core adds them (`skillTotal`). Each part
 * is held within ±50 so that their sum stays inside the core's ratings.
 */
export const SKILL_PART_BOUND = 50;

export function skillField(
  labels: { readonly skill: string; readonly level: string; readonly natural: string },
  level: number,
  natural: number,
) {
  const { SchemaField } = foundry.data.fields;
  return new SchemaField(
    {
      level: wholeNumber(level, labels.level, { min: -SKILL_PART_BOUND, max: SKILL_PART_BOUND }),
      natural: wholeNumber(natural, labels.natural, { min: -SKILL_PART_BOUND, max: SKILL_PART_BOUND }),
    },
    { label: labels.skill },
  );
}

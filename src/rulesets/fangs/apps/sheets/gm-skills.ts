/**
 * The skills a GM can link an unowned weapon or shield to: the world's skill
 * items and the system's skills compendium, read as plain key/name pairs for
 * the pure picker (`gmSkills` in ./item-context.ts).
 */
import { itemDataOf } from "./document-data";

/** The compendium of skills the system ships (system.json, pack "skills"). */
export const SKILLS_PACK = "fangs.skills";

export interface SkillKeyName {
  key: string;
  name: string;
}

/** World skill items, read through their data model as the sheets read every item. */
export function worldSkills(): SkillKeyName[] {
  return (game.items?.contents ?? []).flatMap((item) => {
    const data = itemDataOf(item as Item.Implementation);
    return data.type === "skill" ? [{ key: data.system.key, name: data.name }] : [];
  });
}

/** What the compendium's index holds of a skill: only `system.key` is asked for beyond the name. */
interface SkillIndexEntry {
  name?: string;
  type?: string;
  system?: { key?: unknown };
}

/**
 * The skills compendium's skills, from its index (no document is loaded). A
 * missing pack or an index that cannot be read gives none: the picker then
 * offers the world's skills and a typed key, never an error.
 */
export async function packSkills(): Promise<SkillKeyName[]> {
  const pack = game.packs?.get(SKILLS_PACK);
  if (!pack) return [];
  try {
    // The types list only an index's own keys as fields, so they know neither the asked `system.key`
    // nor its value in the entries; Foundry takes a dotted path into `system` (CompendiumCollection#getIndex).
    const index = await pack.getIndex({ fields: ["system.key"] as never });
    return [...(index as unknown as Iterable<SkillIndexEntry>)].flatMap((entry) => {
      const key = entry.system?.key;
      return entry.type === "skill" && typeof key === "string" && key
        ? [{ key, name: entry.name ?? key }]
        : [];
    });
  } catch (error) {
    console.warn(`FANGS | the ${SKILLS_PACK} index could not be read`, error);
    return [];
  }
}

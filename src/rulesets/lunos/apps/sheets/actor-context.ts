import type { LunosRules } from "../../../../rules/lunos/config";
import { MAX_RATING, poolAutomatic, poolDice } from "../../../../rules/lunos/pool";
import {
  attackPool,
  defensePool,
  type FighterState,
  rollPenalty,
  startFight,
} from "../../../../rules/lunos/round-engine";
import { TRACK_KINDS } from "../../../../rules/lunos/sheet";
import { ABILITIES, type LunosFighter, SKILLS } from "../../../../rules/lunos/types";
import {
  ABILITY_LABELS,
  ACTOR_TYPE_LABELS,
  ARMOR_KIND_LABELS,
  ATTACK_SKILL_LABELS,
  SKILL_LABELS,
  WEAPON_DAMAGE_LABELS,
} from "../../config/labels";
import { armorWorn, lunosFighterOf, weaponInHand } from "../../data/fighter";
import type { LunosActorData, LunosItemData } from "./sheet-data";

/**
 * The actor sheet's context, from plain data (./sheet-data.ts): its dot
 * ratings as radio groups, the health track as boxes by kind of damage,
 * and every figure the rules core works out (the wound penalty, whether
 * the pain has put the fighter out, its pools as the round engine builds
 * them), with the lang keys and input ids the template writes. Pure; in
 * Lunos's heavy part.
 */

export interface LunosActorSheetOptions {
  readonly editable: boolean;
  /** The window's id: every input id starts with it, so two open sheets never share one. */
  readonly idPrefix: string;
  readonly enrichedBiography?: string;
  /** The world's rules; the sheet class reads them with the heavy part. */
  readonly rules: LunosRules;
  /** Weapon sizes' labels as CONFIG.FANGS.lunos says now; the defaults otherwise. */
  readonly labels?: { weaponSizes?: Readonly<Record<string, string>> };
  /** Whether the viewer owns the actor: only an owner is offered the Attack buttons. */
  readonly owner?: boolean;
}

/** A rating's dots as one radio group: 0 (no dot) to 5, the ones up to its value filled. */
function dots(group: "abilities" | "skills", id: string, label: string, value: number, prefix: string) {
  return {
    id,
    label,
    value,
    name: `system.${group}.${id}`,
    legendId: `${prefix}-${group}-${id}`,
    options: Array.from({ length: MAX_RATING + 1 }, (_, n) => ({
      n,
      inputId: `${prefix}-${group}-${id}-${n}`,
      checked: n === value,
      filled: n > 0 && n <= value,
      none: n === 0,
    })),
  };
}

/** The fighter as the round engine holds it between rounds, with the levels its sheet has taken. */
function standing(actor: LunosActorData, sheet: LunosFighter): FighterState {
  // The engine makes a fighter's record only within a fight of two; the second is never read.
  const [fresh] = startFight([sheet.id, `${sheet.id}~`]).fighters;
  const health = actor.system.health;
  return {
    ...fresh!,
    bruising: health.bruising.value,
    wounding: health.wounding.value,
    trauma: health.trauma.value,
  };
}

/** One pool as a sheet shows it: dice rolled (never below 0), and successes given without a die. */
function pool(id: string, label: string, built: { dice: number; automatic: number; bonus: number }) {
  return {
    id,
    label,
    dice: Math.max(0, built.dice),
    automatic: built.automatic + built.bonus,
    /** Penalties took every die: the luck die alone is rolled (docs/rules/lunos.md, "The roll"). */
    empty: built.dice <= 0,
  };
}

/**
 * Its pools before any round's choices, as the engine builds them
 * (LUN-RND-2's initiative, LUN-ACT-3's defense, LUN-ACT-4's parry with a
 * melee weapon in hand, LUN-ACT-1's attack at one target in reach), the
 * wound penalty and armor already off.
 */
function pools(actor: LunosActorData, sheet: LunosFighter, rules: LunosRules) {
  const f = standing(actor, sheet);
  const r = sheet.abilities.reflexes;
  const armed = sheet.weapon !== null;
  const skill = armed ? sheet.weapon!.skill : "brawl";
  const out = [
    pool("initiative", "LUNOS.Pool.initiative", {
      dice: poolDice(r, 0, rules) - rollPenalty(f, sheet, rules),
      automatic: poolAutomatic(r, 0),
      bonus: 0,
    }),
    pool("defense", "LUNOS.Pool.defense", defensePool(f, sheet, "defense", 1, rules)),
  ];
  // Any weapon in hand parries, as the round engine lets it (with Weapon skill and that weapon's rating).
  if (armed) out.push(pool("parry", "LUNOS.Pool.parry", defensePool(f, sheet, "parry", 1, rules)));
  out.push(
    pool(
      "attack",
      "LUNOS.Pool.attack",
      attackPool(f, sheet, { targets: ["target"], kind: "attack" }, armed, 0, rules),
    ),
  );
  return { list: out, skillLabel: ATTACK_SKILL_LABELS[skill] };
}

const KIND_MARK = { trauma: "✱", wounding: "✕", bruising: "╱" } as const;

function weaponRow(
  item: Extract<LunosItemData, { type: "lunosWeapon" }>,
  sizes: Record<string, string>,
  attack: boolean,
) {
  const { system } = item;
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    equipped: system.equipped,
    attack,
    sizeLabel: sizes[system.size] ?? `LUNOS.WeaponSize.${system.size}`,
    skillLabel: ATTACK_SKILL_LABELS[system.skill],
    damageLabel: WEAPON_DAMAGE_LABELS[system.damageType],
    quality: system.quality,
  };
}

function armorRow(item: Extract<LunosItemData, { type: "lunosArmor" }>) {
  const { system } = item;
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    equipped: system.equipped,
    rating: system.rating,
    kindLabel: ARMOR_KIND_LABELS[system.kind],
  };
}

export function lunosActorSheetContext(actor: LunosActorData, options: LunosActorSheetOptions) {
  const { system } = actor;
  const { idPrefix, editable, rules } = options;
  const owner = options.owner === true;
  const id = (name: string) => `${idPrefix}-${name}`;
  const sizes = { ...(options.labels?.weaponSizes ?? {}) };
  const sheet = lunosFighterOf(actor);
  const inHand = weaponInHand(actor);
  const worn = armorWorn(actor);
  return {
    actor: { id: actor.id, name: actor.name, img: actor.img },
    typeLabel: ACTOR_TYPE_LABELS[actor.type],
    editable,
    disabledAttr: editable ? "" : "disabled",
    ids: { name: id("name"), biography: id("biography"), track: id("track") },
    abilities: ABILITIES.map((a) => dots("abilities", a, ABILITY_LABELS[a], system.abilities[a], idPrefix)),
    skills: SKILLS.map((s) => dots("skills", s, SKILL_LABELS[s], system.skills[s], idPrefix)),
    health: {
      boxes: system.track.map((box, i) => ({
        n: i + 1,
        penalty: box.penalty,
        kind: box.kind,
        mark: box.kind ? KIND_MARK[box.kind] : "",
        kindLabel: box.kind ? `LUNOS.Damage.${box.kind}` : "LUNOS.Sheet.LevelFree",
      })),
      tallies: TRACK_KINDS.map((kind) => ({
        kind,
        label: `LUNOS.Damage.${kind}`,
        mark: KIND_MARK[kind],
        name: `system.health.${kind}.value`,
        value: system.health[kind].value,
        inputId: id(`health-${kind}`),
      })),
      left: system.levels.value,
      levels: system.levels.max,
      woundPenalty: system.woundPenalty,
      overcome: system.overcome,
      allUsed: system.allLevelsUsed,
      willpower: system.abilities.willpower,
    },
    /** Statuses shown as the token's, with the dying and choke clocks' time left (LUN-HLT-4, LUN-GRP-3). */
    conditions: actor.conditions.map((c) => ({ ...c })),
    pools: pools(actor, sheet, rules),
    inHand: inHand?.name ?? null,
    worn: worn?.name ?? null,
    // The rules fight with the first weapon in hand alone: another one's Attack would only be refused.
    weapons: actor.items.flatMap((item) =>
      item.type === "lunosWeapon" ? [weaponRow(item, sizes, owner && item.id === inHand?.id)] : [],
    ),
    /** Nothing in hand: the bare-handed attack (Brawl, Martial Arts, bruising); with a weapon, its dialog offers Brawl. */
    bareHanded: owner && !inHand,
    armors: actor.items.flatMap((item) => (item.type === "lunosArmor" ? [armorRow(item)] : [])),
    biography: { value: system.biography, enriched: options.enrichedBiography ?? system.biography },
  };
}
export type LunosActorSheetContext = ReturnType<typeof lunosActorSheetContext>;

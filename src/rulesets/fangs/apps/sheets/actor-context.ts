/**
 * Pure context builders: plain document data in, the render context of a
 * sheet out. No Foundry global is touched here, so the tests and the static
 * preview render the very templates Foundry renders, from the same context.
 *
 * Values the rules derive (attributes, skill totals, item condition) are read
 * from the prepared data; when one is missing the builder asks the rules core
 * for it, the same function the data model calls, so a sheet never shows a
 * blank where a number belongs. A value the rules refuse (a malformed skill
 * formula) is shown as an error on its row, never as NaN.
 */

import { damageModifierFormula, deriveAttributes } from "../../../../rules/fangs/character";
import type { FangsOptions } from "../../../../rules/fangs/config";
import {
  hasMonsterParry,
  type Readying,
  readyingOf,
  shieldBashDamage,
  shieldStrikeDamage,
} from "../../../../rules/fangs/defenses";
import type { MoveFraction } from "../../../../rules/fangs/maneuvers";
import {
  CHARACTERISTIC_IDS,
  type CharacteristicId,
  MANEUVER_IDS,
  type ManeuverId,
} from "../../../../rules/fangs/types";
import { parseDiceFormula } from "../../../../rules/kernel/dice";
import { RulesError } from "../../../../rules/kernel/errors";
import { FANGS, KNOWN_ADVANTAGES } from "../../config/labels";
import {
  type ConditionContext,
  conditionOf,
  DEFAULT_PLACEHOLDER_IMG,
  formatDamageModifier,
  ofType,
  percentOf,
  type SheetContextOptions,
  type SkillRowContext,
  type SpContext,
  skillNumbers,
  skillRow,
  spContext,
  type TabContext,
  tabMap,
  tabsFor,
} from "./context-parts";
import type {
  ActorAttributes,
  ActorData,
  ActorSystemData,
  EffectData,
  ItemData,
  ItemDataOf,
} from "./context-types";
import {
  ATTACK_BLOCKED_LABELS,
  HANDS_LABELS,
  MANEUVER_LABELS,
  MOVE_FRACTION_LABELS,
  WEAPON_KIND_LABELS,
} from "./labels";
import { ATTRIBUTE_LABELS, CHARACTERISTIC_LABELS } from "./start-labels";
import { ACTOR_TAB_IDS } from "./tabs";

/* -------------------------------------------- */

export interface CharacteristicContext {
  id: CharacteristicId;
  name: string;
  abbr: string;
  value: number;
  field: string;
  inputId: string;
  /** The ST×1 and ST×2 style checks: d20 + value × multiplier ≥ 20. */
  checks: { multiplier: number; target: number }[];
}

export interface PoolContext {
  id: "stunPoints" | "hitPoints";
  label: string;
  value: number;
  max: number | null;
  percent: number;
  /** The max as text ("—" when it cannot be derived). */
  maxDisplay: string;
  /** The lower end of the meter: 0, or the value when it went negative. */
  meterMin: number;
  /** At or below zero: the bar is shown empty with a marked outline. */
  depleted: boolean;
  field: string;
  inputId: string;
}

export interface AttributeContext {
  id: keyof typeof ATTRIBUTE_LABELS;
  label: string;
  display: string;
  /** Rollable as a check (d20 + value ≥ 20). */
  rollable: boolean;
  value: number | null;
}

export interface DamageNoteContext {
  /** Lang key of the words shown; `{dm}` is the DM dice with a sign. */
  label: string;
  /** Lang key of the tooltip that explains them. */
  hint: string;
  dm: string;
}

/** The Attack button of a weapon row. */
export interface AttackButtonContext {
  /** False when the weapon's condition forbids attacking; `reason` then says why. */
  allowed: boolean;
  /** Lang key of the reason the button is disabled. */
  reason: string | null;
  /** Element id of the reason, for the button's aria-describedby. */
  reasonId: string;
  /** A shot weapon under the aiming module: the row offers a round of aiming (absent otherwise). */
  aim?: true;
}

export interface WeaponRowContext {
  id: string;
  name: string;
  img: string;
  damage: string;
  /** The enchantment's damage bonus (NC-TAC-2), shown after the damage; 0 for none. */
  damageBonus: number;
  /**
   * Words instead of the dice, null for a weapon with its own dice. A weapon
   * whose damage is nothing ("0", a fist) deals the DM alone (NC-DMG-1:
   * weapon roll + DM; CORE: Fist damage = DM), shown with the wielder's DM
   * dice; a grapple binds instead of hurting (NC-GRP).
   */
  damageNote: DamageNoteContext | null;
  /** Null when the sheet is read-only (only the owner may attack). */
  attack: AttackButtonContext | null;
  itemSp: SpContext | null;
  spInputId: string;
  condition: ConditionContext | null;
  equipped: boolean;
  equippedInputId: string;
  offHand: boolean;
  impales: boolean;
  natural: boolean;
  hands: string;
  kind: string;
  reach: number;
  range: number;
  skillName: string | null;
  skillTotal: number | null;
}

export interface ShieldRowContext {
  id: string;
  name: string;
  img: string;
  /** What a bash deals (NC-DEF-9): the shield's own figure, else the rules options' one-handed club. */
  bashDamage: string;
  /** The bash's Attack button; null when the sheet is read-only. */
  attack: AttackButtonContext | null;
  itemSp: SpContext;
  spInputId: string;
  condition: ConditionContext | null;
  equipped: boolean;
  equippedInputId: string;
  skillName: string | null;
  skillTotal: number | null;
}

export interface ArmorRowContext {
  id: string;
  name: string;
  img: string;
  armorProtection: number;
  price: number | null;
  equipped: boolean;
  equippedInputId: string;
}

export interface SimpleRowContext {
  id: string;
  name: string;
  img: string;
  detail: string;
}

export interface CreatureContext {
  humanoid: boolean;
  intelligent: boolean;
  extraLimbs: number;
  /**
   * NC-DEF-8: only an unintelligent, non-humanoid creature parries by
   * "monster dodge". Otherwise the block is replaced by `monsterParryHint`.
   */
  hasMonsterParry: boolean;
  monsterParryHint: string | null;
  monsterParry: {
    formula: string;
    natural: number | null;
    bought: number;
    total: number | null;
    error: string | null;
  };
  ids: {
    humanoid: string;
    intelligent: string;
    extraLimbs: string;
    parryFormula: string;
    parryBought: string;
  };
}

/**
 * What the sheet shows of the actor's place in the active combat, read from
 * the combat tracker by the sheet app (FangsCombatant.of, movementAllowance,
 * declareRefusal) and handed in as plain data.
 */
export interface SheetCombatFacts {
  round: number;
  /** The declared maneuver, null before a declaration. */
  maneuver: ManeuverId | null;
  /** ¼, ½ or full MV in paces for the declared maneuver. */
  movement: { fraction: MoveFraction; paces: number } | null;
  /** Lang key of why this user may not declare now (closed phase, not the owner), or null. */
  declareRefusal: string | null;
  /** Draw Weapon: what is readied (NC-MAN-20) and what may be (ActorFacts.readyings); absent: the weapon. */
  readying?: Readying | null;
  readyings?: readonly Readying[];
}

export interface ManeuverChoiceContext {
  /** The maneuver id; a Draw Weapon with a choice of what it readies is "drawWeapon:offHand" (`declaredChoice`). */
  value: string;
  label: string;
  selected: boolean;
}

export interface CombatPanelContext {
  round: number;
  maneuver: { id: ManeuverId; label: string; icon: string } | null;
  movement: { label: string; paces: number } | null;
  choices: ManeuverChoiceContext[];
  canDeclare: boolean;
  refusal: string | null;
  ids: { select: string; refusal: string; movement: string };
}

export interface ActorSheetContext {
  actor: { id: string; name: string; img: string; type: ActorData["type"] };
  typeLabel: string;
  isCharacter: boolean;
  isCreature: boolean;
  editable: boolean;
  /** `disabled` when the sheet is read-only or in play mode, for input tags. */
  disabledAttr: string;
  /** The user may change the actor: rolls, pools, item SP and equipping work in play mode too. */
  owner: boolean;
  /** `disabled` when the user may not change the actor, for what play mode keeps. */
  ownerDisabledAttr: string;
  mode: "play" | "edit";
  idPrefix: string;
  ids: { name: string; dodgeBought: string; biography: string };
  /** The tab navigation (named apart from Foundry's own `tabs` context entry). */
  tabList: TabContext[];
  tab: Record<string, TabContext>;
  characteristics: CharacteristicContext[];
  pools: PoolContext[];
  attributes: AttributeContext[];
  dodge: { bought: number; total: number | null };
  armorProtection: number;
  /** A localisation key when the characteristics cannot be read. */
  attributesError: string | null;
  skills: { combat: SkillRowContext[]; general: SkillRowContext[] };
  weapons: WeaponRowContext[];
  naturalWeapons: WeaponRowContext[];
  /** A creature always shows its natural weapons section; a character only when it has any. */
  showNaturalWeapons: boolean;
  shields: ShieldRowContext[];
  armor: ArmorRowContext[];
  advantages: SimpleRowContext[];
  maneuvers: SimpleRowContext[];
  creature: CreatureContext | null;
  /** What the compact stat block of a creature adds to the rest; null for a character. */
  statBlock: StatBlockContext | null;
  /** Null when the actor is not in the active combat: the panel is hidden. */
  combat: CombatPanelContext | null;
  biography: { value: string; enriched: string };
  documentUuid: string;
  effects: EffectsContext;
}

/**
 * The creature's stat block: what a GM running several creatures reads at a
 * glance, taken from the same rows as the full sheet's tabs.
 */
export interface StatBlockContext {
  /** Movement and DM as shown on the main tab. */
  movement: string;
  damageModifier: string;
  /** The armor worn, by name (its protection is the actor's `armorProtection`). */
  armorWorn: string[];
  /** Natural weapons first, then carried ones: everything it attacks with. */
  weapons: WeaponRowContext[];
  /** Every skill, combat and general together, by name. */
  skills: SkillRowContext[];
  /** The statuses it has now (the full list is the Effects tab's). */
  statuses: StatusRowContext[];
  /** Effects switched on, by name, statuses left out (they are listed above). */
  effects: EffectRowContext[];
}

export interface EffectRowContext {
  id: string;
  /** The item that transfers it; empty for the actor's own (the sheet finds the effect's parent by it). */
  itemId: string;
  name: string;
  img: string;
  /** The item's name, or null for the actor's own effect. */
  source: string | null;
  duration: string;
  disabled: boolean;
  /** The toggle's accessible name: what pressing it does. */
  toggleLabel: string;
}

export interface EffectSectionContext {
  id: "temporary" | "passive" | "inactive";
  label: string;
  rows: EffectRowContext[];
}

export interface StatusRowContext {
  id: string;
  name: string;
  img: string;
  active: boolean;
  cssClass: string;
}

export interface EffectsContext {
  sections: EffectSectionContext[];
  statuses: StatusRowContext[];
}

const EFFECT_SECTION_LABELS = {
  temporary: "FANGS.Sheet.Effects.Temporary",
  passive: "FANGS.Sheet.Effects.Passive",
  inactive: "FANGS.Sheet.Effects.Inactive",
} as const;

function effectRow(effect: EffectData): EffectRowContext {
  return {
    id: effect.id,
    itemId: effect.item?.id ?? "",
    name: effect.name,
    img: effect.img ?? "icons/svg/aura.svg",
    source: effect.item?.name ?? null,
    duration: effect.duration ?? "",
    disabled: effect.disabled,
    toggleLabel: effect.disabled ? "FANGS.Sheet.Effects.Enable" : "FANGS.Sheet.Effects.Disable",
  };
}

/**
 * The Effects tab: effects sorted as the v13 systems do (running with a
 * duration, running without, switched off), and the world's statuses. A
 * status is itself an effect, so one the actor has is also listed above.
 */
export function effectsContext(actor: Pick<ActorData, "effects" | "statuses">): EffectsContext {
  const effects = actor.effects ?? [];
  const sectionOf = (e: EffectData): EffectSectionContext["id"] =>
    e.disabled ? "inactive" : e.temporary ? "temporary" : "passive";
  const ids = ["temporary", "passive", "inactive"] as const;
  return {
    sections: ids.map((id) => ({
      id,
      label: EFFECT_SECTION_LABELS[id],
      rows: effects.filter((e) => sectionOf(e) === id).map(effectRow),
    })),
    statuses: (actor.statuses ?? []).map((status) => ({
      id: status.id,
      name: status.name,
      img: status.img ?? "icons/svg/aura.svg",
      active: status.active,
      cssClass: status.active ? "active" : "",
    })),
  };
}

export interface ActorSheetContextOptions extends SheetContextOptions {
  /** The sheet's lock: "play" shows values and rolls, "edit" the inputs. Edit when absent. */
  mode?: "play" | "edit";
  /** The actor's place in the active combat; absent or null when it is not in one. */
  combat?: SheetCombatFacts | null;
}

/** Attributes the data model derived, completed by the rules core where any is missing. */
function attributesOf(
  system: ActorSystemData,
  armorProtection: number,
  rules: FangsOptions | undefined,
): {
  attributes: ActorAttributes | null;
  hitPoints: number | null;
  stunPoints: number | null;
  error: string | null;
} {
  const given = system.attributes ?? {};
  const keys: (keyof ActorAttributes)[] = [
    "damageModifier",
    "damageModifierDice",
    "movement",
    "dodge",
    "idea",
    "luck",
    "fatigue",
    "powerPoints",
  ];
  const complete = keys.every((k) => given[k] !== undefined);
  const hpMax = system.hitPoints.max;
  const stunMax = system.stunPoints.max;
  if (complete && typeof hpMax === "number" && typeof stunMax === "number") {
    return { attributes: given as ActorAttributes, hitPoints: hpMax, stunPoints: stunMax, error: null };
  }
  try {
    const derived = deriveAttributes(
      system.characteristics,
      { armorProtection, dodgeBought: system.dodgeSkill.bought },
      rules,
    );
    const attributes: ActorAttributes = {
      damageModifier: given.damageModifier ?? derived.damageModifier,
      damageModifierDice: given.damageModifierDice ?? damageModifierFormula(derived.damageModifier, rules),
      movement: given.movement ?? derived.movement,
      dodge: given.dodge ?? derived.dodge,
      idea: given.idea ?? derived.idea,
      luck: given.luck ?? derived.luck,
      fatigue: given.fatigue ?? derived.fatigue,
      powerPoints: given.powerPoints ?? derived.powerPoints,
    };
    return {
      attributes,
      hitPoints: hpMax ?? derived.hitPoints,
      stunPoints: stunMax ?? derived.stunPoints,
      error: null,
    };
  } catch (error) {
    if (error instanceof RulesError) {
      return {
        attributes: null,
        hitPoints: null,
        stunPoints: null,
        error: "FANGS.Sheet.Error.BadCharacteristics",
      };
    }
    throw error;
  }
}

function poolContext(
  id: PoolContext["id"],
  value: number,
  max: number | null,
  idPrefix: string,
): PoolContext {
  return {
    id,
    label: ATTRIBUTE_LABELS[id],
    value,
    max,
    percent: max === null ? 0 : percentOf(value, max),
    maxDisplay: max === null ? "—" : String(max),
    meterMin: Math.min(0, value),
    depleted: value <= 0,
    field: `system.${id}.value`,
    inputId: `${idPrefix}-${id}`,
  };
}

/**
 * A weapon's or shield's skill by key. When two skills share a key, the
 * first the actor holds (item order, not the sheet's sorted order) is the
 * one an attack or parry uses (`FangsActor#skillByKey`, src/documents/actor.ts), so the
 * sheet names that one.
 */
function skillLookup(skills: readonly SkillRowContext[], items: readonly ItemData[]) {
  const rows = new Map(skills.map((s) => [s.id, s]));
  const byKey = new Map<string, SkillRowContext>();
  for (const item of items) {
    const row = item.type === "skill" ? rows.get(item.id) : undefined;
    if (row && !byKey.has(row.key)) byKey.set(row.key, row);
  }
  return (key: string): { skillName: string | null; skillTotal: number | null } => {
    const skill = key ? byKey.get(key) : undefined;
    return { skillName: skill?.name ?? null, skillTotal: skill?.total ?? null };
  };
}

/** A damage formula that rolls nothing and adds nothing ("0"): the blow is the DM alone. */
function dealsNoDice(damage: string): boolean {
  try {
    const formula = parseDiceFormula(damage);
    return formula.terms.length === 0 && formula.flat === 0;
  } catch (error) {
    if (error instanceof RulesError) return false;
    throw error;
  }
}

/** A shield's bash damage for its row; a figure the rules core refuses is shown as written. */
function shieldRowDamage(own: string | undefined, rules: FangsOptions | undefined): string {
  try {
    return shieldBashDamage(own, shieldStrikeDamage(rules));
  } catch (error) {
    if (error instanceof RulesError) return own ?? "";
    throw error;
  }
}

function attackButton(
  condition: ConditionContext | null,
  rowId: string,
  editable: boolean,
): AttackButtonContext | null {
  if (!editable) return null;
  const reason = condition ? (ATTACK_BLOCKED_LABELS[condition.id] ?? null) : null;
  return { allowed: reason === null, reason, reasonId: `${rowId}-attack-reason` };
}

/** The aiming module's offer on a shot weapon's row, only where the attack itself is offered. */
function aimable(button: AttackButtonContext | null, aim: boolean): AttackButtonContext | null {
  return button && aim ? { ...button, aim: true } : button;
}

interface WeaponRowOptions {
  idPrefix: string;
  lookup: ReturnType<typeof skillLookup>;
  /** The wielder's DM as dice text ("1d4", "0" for none), null when unknown. */
  dmDice: string | null;
  editable: boolean;
  /** The aiming module is on (RHF-AIM-1): shot weapons offer a round of aiming. */
  aiming?: boolean;
}

function weaponRow(item: ItemDataOf<"weapon">, options: WeaponRowOptions): WeaponRowContext {
  const { idPrefix, lookup, dmDice } = options;
  const s = item.system;
  // The grapple skill makes the attack a grapple (the exchange card reads it the same way).
  const grapple = s.skill === "grapple";
  const condition = s.natural ? null : conditionOf(s.itemSp, s.condition);
  const rowId = `${idPrefix}-weapon-${item.id}`;
  return {
    id: item.id,
    name: item.name,
    img: item.img ?? DEFAULT_PLACEHOLDER_IMG,
    damage: s.damage,
    // The enchantment shows apart from the dice it is added to (NC-TAC-2), so "1d8+2" stays the weapon's own.
    damageBonus: Math.max(s.damageBonus, 0),
    damageNote: damageNote(s.damage, grapple, dmDice),
    attack: aimable(
      attackButton(condition, rowId, options.editable),
      options.aiming === true && s.kind === "missile",
    ),
    itemSp: s.natural ? null : spContext(s.itemSp),
    spInputId: `${rowId}-sp`,
    condition,
    equipped: s.equipped,
    equippedInputId: `${idPrefix}-weapon-${item.id}-equipped`,
    offHand: s.offHand,
    impales: s.impales,
    natural: s.natural,
    hands: HANDS_LABELS[s.hands] ?? HANDS_LABELS.one,
    kind: WEAPON_KIND_LABELS[s.kind] ?? WEAPON_KIND_LABELS.melee,
    reach: s.reach,
    range: s.range,
    ...lookup(s.skill),
  };
}

function damageNote(damage: string, grapple: boolean, dmDice: string | null): DamageNoteContext | null {
  if (grapple) return { label: "FANGS.Sheet.Damage.Grapple", hint: "FANGS.Sheet.Damage.GrappleHint", dm: "" };
  if (!dealsNoDice(damage)) return null;
  if (dmDice === null) return { label: "FANGS.Sheet.Damage.Dm", hint: "FANGS.Sheet.Damage.DmHint", dm: "" };
  const none = !dmDice || dmDice === "0";
  return {
    label: none ? "FANGS.Sheet.Damage.DmNone" : "FANGS.Sheet.Damage.DmOnly",
    hint: "FANGS.Sheet.Damage.DmHint",
    dm: none ? "" : `+${dmDice}`,
  };
}

function actorIdPrefix(actor: ActorData, options: SheetContextOptions): string {
  return options.idPrefix ?? `fangs-${actor.type}-${actor.id}`;
}

/** The context of the character sheet and, with `creature` filled in, the creature sheet. */
export function actorSheetContext(actor: ActorData, options: ActorSheetContextOptions): ActorSheetContext {
  const idPrefix = actorIdPrefix(actor, options);
  // Play mode keeps what a fight needs (rolls, pools, item SP, equipping) and hides the build.
  const owner = options.editable;
  const editing = owner && options.mode !== "play";
  const system = actor.system;
  const items = actor.items;

  const armorItems = ofType(items, "armor");
  const armorProtection =
    system.armorProtection ??
    armorItems.filter((a) => a.system.equipped).reduce((sum, a) => sum + a.system.armorProtection, 0);
  const derived = attributesOf(system, armorProtection, options.rules);

  const characteristics: CharacteristicContext[] = CHARACTERISTIC_IDS.map((id) => {
    const value = system.characteristics[id];
    return {
      id,
      name: CHARACTERISTIC_LABELS[id].name,
      abbr: CHARACTERISTIC_LABELS[id].abbr,
      value,
      field: `system.characteristics.${id}`,
      inputId: `${idPrefix}-char-${id}`,
      checks: [1, 2].map((multiplier) => ({ multiplier, target: value * multiplier })),
    };
  });

  const a = derived.attributes;
  const attributes: AttributeContext[] = [
    {
      id: "damageModifier",
      label: ATTRIBUTE_LABELS.damageModifier,
      display: a ? formatDamageModifier(a.damageModifierDice) : "—",
      rollable: false,
      value: a?.damageModifier ?? null,
    },
    numberAttribute("movement", a?.movement, false),
    numberAttribute("idea", a?.idea, true),
    numberAttribute("luck", a?.luck, true),
    numberAttribute("fatigue", a?.fatigue, false),
    numberAttribute("powerPoints", a?.powerPoints, false),
    numberAttribute("armorProtection", armorProtection, false),
  ];

  const skillRows = ofType(items, "skill").map((s) => skillRow(s, system.characteristics, idPrefix));
  const lookup = skillLookup(skillRows, items);
  const weaponRows = ofType(items, "weapon").map((w) =>
    weaponRow(w, {
      idPrefix,
      lookup,
      dmDice: a?.damageModifierDice ?? null,
      editable: owner,
      aiming: options.rules?.aimingModule === true,
    }),
  );

  const tabs = tabsFor(ACTOR_TAB_IDS, options.activeTab);
  const isCreature = actor.type === "creature";
  const effects = effectsContext(actor);

  return {
    actor: {
      id: actor.id,
      name: actor.name,
      img: actor.img ?? "icons/svg/mystery-man.svg",
      type: actor.type,
    },
    typeLabel: isCreature ? "FANGS.Actor.Type.Creature" : "FANGS.Actor.Type.Character",
    isCharacter: !isCreature,
    isCreature,
    editable: editing,
    disabledAttr: editing ? "" : "disabled",
    owner,
    ownerDisabledAttr: owner ? "" : "disabled",
    mode: editing ? "edit" : "play",
    idPrefix,
    ids: {
      name: `${idPrefix}-name`,
      dodgeBought: `${idPrefix}-dodge-bought`,
      biography: `${idPrefix}-biography`,
    },
    tabList: tabs,
    tab: tabMap(tabs),
    characteristics,
    pools: [
      poolContext("stunPoints", system.stunPoints.value, derived.stunPoints, idPrefix),
      poolContext("hitPoints", system.hitPoints.value, derived.hitPoints, idPrefix),
    ],
    attributes,
    dodge: { bought: system.dodgeSkill.bought, total: a?.dodge ?? null },
    armorProtection,
    attributesError: derived.error,
    skills: {
      combat: skillRows.filter((s) => categoryOf(items, s.id) === "combat"),
      general: skillRows.filter((s) => categoryOf(items, s.id) !== "combat"),
    },
    weapons: weaponRows.filter((w) => !w.natural),
    naturalWeapons: weaponRows.filter((w) => w.natural),
    showNaturalWeapons: isCreature || weaponRows.some((w) => w.natural),
    shields: ofType(items, "shield").map((item) => ({
      id: item.id,
      name: item.name,
      img: item.img ?? DEFAULT_PLACEHOLDER_IMG,
      bashDamage: shieldRowDamage(item.system.bashDamage, options.rules),
      attack: attackButton(
        conditionOf(item.system.itemSp, item.system.condition),
        `${idPrefix}-shield-${item.id}`,
        owner,
      ),
      itemSp: spContext(item.system.itemSp),
      spInputId: `${idPrefix}-shield-${item.id}-sp`,
      condition: conditionOf(item.system.itemSp, item.system.condition),
      equipped: item.system.equipped,
      equippedInputId: `${idPrefix}-shield-${item.id}-equipped`,
      ...lookup(item.system.skill),
    })),
    armor: armorItems.map((item) => ({
      id: item.id,
      name: item.name,
      img: item.img ?? DEFAULT_PLACEHOLDER_IMG,
      armorProtection: item.system.armorProtection,
      // Natural armor (fur, scales) and found gear have no price: a dash, not "0".
      price: item.system.price > 0 ? item.system.price : null,
      equipped: item.system.equipped,
      equippedInputId: `${idPrefix}-armor-${item.id}-equipped`,
    })),
    // What the combat rules make of each advantage, in words: its key is for the data, not the reader.
    advantages: ofType(items, "advantage").map((item) => ({
      id: item.id,
      name: item.name,
      img: item.img ?? DEFAULT_PLACEHOLDER_IMG,
      detail: advantageEffect(item.system.key),
    })),
    maneuvers: ofType(items, "maneuver").map((item) => ({
      id: item.id,
      name: item.name,
      img: item.img ?? DEFAULT_PLACEHOLDER_IMG,
      detail: maneuverLabel(item.system.maneuverId),
    })),
    creature: isCreature ? creatureContext(system, idPrefix) : null,
    statBlock: isCreature ? statBlockContext(weaponRows, skillRows, armorItems, effects, attributes) : null,
    combat: options.combat ? combatPanel(options.combat, idPrefix, owner) : null,
    biography: { value: system.biography ?? "", enriched: options.enrichedHtml ?? system.biography ?? "" },
    documentUuid: options.uuid ?? "",
    effects,
  };
}

function statBlockContext(
  weapons: readonly WeaponRowContext[],
  skills: readonly SkillRowContext[],
  armor: readonly ItemDataOf<"armor">[],
  effects: EffectsContext,
  attributes: readonly AttributeContext[],
): StatBlockContext {
  const display = (id: AttributeContext["id"]) => attributes.find((a) => a.id === id)?.display ?? "—";
  const statuses = effects.statuses.filter((s) => s.active);
  const statusNames = new Set(statuses.map((s) => s.name));
  return {
    movement: display("movement"),
    damageModifier: display("damageModifier"),
    armorWorn: armor.filter((a) => a.system.equipped).map((a) => a.name),
    weapons: [...weapons.filter((w) => w.natural), ...weapons.filter((w) => !w.natural)],
    skills: [...skills].sort((a, b) => a.name.localeCompare(b.name)),
    statuses,
    effects: effects.sections
      .filter((section) => section.id !== "inactive")
      .flatMap((section) => section.rows)
      .filter((row) => !statusNames.has(row.name)),
  };
}

function categoryOf(items: readonly ItemData[], id: string): string | undefined {
  const item = items.find((i) => i.id === id);
  return item?.type === "skill" ? item.system.category : undefined;
}

function numberAttribute(
  id: Exclude<AttributeContext["id"], "damageModifier">,
  value: number | undefined,
  rollable: boolean,
): AttributeContext {
  return {
    id,
    label: ATTRIBUTE_LABELS[id],
    display: value === undefined ? "—" : String(value),
    rollable: rollable && value !== undefined,
    value: value ?? null,
  };
}

function maneuverLabel(id: string): string {
  return (MANEUVER_IDS as readonly string[]).includes(id)
    ? MANEUVER_LABELS[id as keyof typeof MANEUVER_LABELS]
    : "FANGS.Item.Maneuver.Unknown";
}

const READYING_LABELS: Readonly<Record<Readying, string>> = {
  weapon: "FANGS.Combat.Menu.Readying.Weapon",
  offHand: "FANGS.Combat.Menu.Readying.OffHand",
};

/** The maneuver list; with a choice of what Draw Weapon readies, one Draw Weapon per choice, as in the tracker. */
function maneuverOptions(
  declared: ManeuverId | null,
  readying: Readying | null,
  readyings: readonly Readying[],
): ManeuverChoiceContext[] {
  const readied = readyingOf(readying);
  return MANEUVER_IDS.flatMap((id) => {
    if (id !== "drawWeapon" || readyings.length < 2) {
      return [{ value: id, label: FANGS.maneuvers[id].label, selected: id === declared }];
    }
    return readyings.map((r) => ({
      value: `${id}:${r}`,
      label: READYING_LABELS[r],
      selected: id === declared && r === readied,
    }));
  });
}

function combatPanel(facts: SheetCombatFacts, idPrefix: string, editable: boolean): CombatPanelContext {
  const declared =
    facts.maneuver && (MANEUVER_IDS as readonly string[]).includes(facts.maneuver)
      ? FANGS.maneuvers[facts.maneuver]
      : null;
  const refusal = editable ? facts.declareRefusal : (facts.declareRefusal ?? "FANGS.Combat.Refusal.NotOwner");
  return {
    round: facts.round,
    maneuver: declared ? { id: declared.id, label: declared.label, icon: declared.icon } : null,
    movement:
      declared && facts.movement
        ? { label: MOVE_FRACTION_LABELS[facts.movement.fraction], paces: facts.movement.paces }
        : null,
    choices: maneuverOptions(declared?.id ?? null, facts.readying ?? null, facts.readyings ?? ["weapon"]),
    canDeclare: refusal === null,
    refusal,
    ids: {
      select: `${idPrefix}-declare-maneuver`,
      refusal: `${idPrefix}-declare-refusal`,
      movement: `${idPrefix}-movement`,
    },
  };
}

function creatureContext(system: ActorSystemData, idPrefix: string): CreatureContext {
  const parry = system.monsterParry ?? { bought: 0, formula: "" };
  let numbers: { natural: number | null; total: number | null; error: string | null };
  if (typeof parry.natural === "number" && typeof parry.total === "number") {
    numbers = { natural: parry.natural, total: parry.total, error: null };
  } else if (!parry.formula) {
    numbers = { natural: null, total: null, error: "FANGS.Sheet.Error.NoParryFormula" };
  } else {
    numbers = skillNumbers(
      {
        key: "monsterParry",
        naturalAbility: parry.formula,
        bought: parry.bought,
        category: "combat",
        description: "",
      },
      system.characteristics,
    );
  }
  const humanoid = Boolean(system.humanoid);
  const intelligent = Boolean(system.intelligent);
  const monsterParry = hasMonsterParry({ humanoid, intelligent });
  return {
    humanoid,
    intelligent,
    extraLimbs: system.extraLimbs ?? 0,
    hasMonsterParry: monsterParry,
    monsterParryHint: monsterParry ? null : "FANGS.Sheet.MonsterParry.NotThisCreature",
    monsterParry: { formula: parry.formula, bought: parry.bought, ...numbers },
    ids: {
      humanoid: `${idPrefix}-humanoid`,
      intelligent: `${idPrefix}-intelligent`,
      extraLimbs: `${idPrefix}-extra-limbs`,
      parryFormula: `${idPrefix}-parry-formula`,
      parryBought: `${idPrefix}-parry-bought`,
    },
  };
}

/* -------------------------------------------- */
/*  Item sheets                                 */
/* -------------------------------------------- */

/** The lang key saying what the combat rules do with an advantage; one the rules do not know is the table's. */
function advantageEffect(key: string): string {
  const known = (KNOWN_ADVANTAGES as readonly string[]).includes(key);
  return known
    ? `FANGS.Item.Advantage.Effect.${key.charAt(0).toUpperCase()}${key.slice(1)}`
    : "FANGS.Item.Advantage.NotInRules";
}

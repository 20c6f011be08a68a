import type {
  AttackDeclaration,
  CombatantState,
  DefenderProfile,
  ParryItemProfile,
  SkillValue,
  WeaponProfile,
} from "../../src/rules/fangs/types";

/*
 * Builders for the rules tests' fighters and gear. Each has the plainest
 * value FANGS gives (a Broadsword, average pools) and takes the fields a
 * test cares about, so a test names only what its clause turns on.
 */

/** Gru's Sword: "12, of which 7 is actual skill" (NC-TAC-1). */
export const GRU_SWORD: SkillValue = Object.freeze({ natural: 5, bought: 7, total: 12 });

/** A Broadsword (1d8+2, SP 10, maximum 10: CORE-EQP-2) unless told otherwise. */
export function weaponProfile(over: Partial<WeaponProfile> = {}): WeaponProfile {
  return {
    id: "broadsword",
    name: "Broadsword",
    damage: "1d8+2",
    itemSp: { value: 10, max: 10 },
    impales: false,
    hands: 1,
    kind: "melee",
    extendedReload: false,
    autofire: false,
    ...over,
  };
}

/** A spear (1d8+1, SP 8, impales). */
export const SPEAR: WeaponProfile = Object.freeze(
  weaponProfile({ id: "spear", name: "Spear", damage: "1d8+1", itemSp: { value: 8, max: 8 }, impales: true }),
);

/** A kite shield (SP 10, 1d4 when it strikes back) unless told otherwise. */
export function parryItem(over: Partial<ParryItemProfile> = {}): ParryItemProfile {
  return {
    id: "kite",
    name: "Kite shield",
    type: "shield",
    itemSp: { value: 10, max: 10 },
    damage: "1d4",
    ...over,
  };
}

/** An average character (all characteristics 10): Stun 20, HP 10, no armor (CORE-CHR-2, -3). */
export function combatantState(over: Partial<CombatantState> = {}): CombatantState {
  return {
    stunPoints: { value: 20, max: 20 },
    hitPoints: { value: 10, max: 10 },
    armorProtection: 0,
    co: 10,
    sz: 10,
    stunned: false,
    ...over,
  };
}

/** Dagmar, an average defender, unless told otherwise. */
export function defenderProfile(over: Partial<DefenderProfile> = {}): DefenderProfile {
  return { id: "dagmar", ...combatantState(), ...over };
}

/** Gru striking with his Broadsword at Sword 12, DM 0, no state, unless told otherwise. */
export function attackDeclaration(over: Partial<AttackDeclaration> = {}): AttackDeclaration {
  return {
    attacker: { id: "gru", st: 14, damageModifier: 0, luck: null, state: null },
    weapon: weaponProfile(),
    skill: GRU_SWORD,
    modifiers: 0,
    extraDamageModifier: 0,
    mode: "strike",
    subdual: false,
    ...over,
  };
}

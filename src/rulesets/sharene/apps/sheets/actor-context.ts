import { endCheckDns } from "../../../../rules/sharene/check";
import type { ShareneRules } from "../../../../rules/sharene/config";
import { SHARENE_LIMBS, SHARENE_LOCATIONS } from "../../../../rules/sharene/sheet";
import { BLOWS, SHARENE_STATUS, STYLES } from "../../../../rules/sharene/types";
import type { StatusDefinition } from "../../../registry";
import { ACTOR_TYPE_LABELS, locationLabel, MAIN_BLOW_LABELS, WEAPON_ARM_LABELS } from "../../config/labels";
import type { ShareneActorData, ShareneItemData } from "./sheet-data";

/**
 * The actor sheet's context, from plain data (./sheet-data.ts): every figure
 * the rules core derived (skill totals, limb states, END DNs, armor per
 * location), with the lang keys and input ids the template writes. Pure;
 * in Sharene's heavy part.
 */

export interface ShareneActorSheetOptions {
  readonly editable: boolean;
  /** The window's id: every input id starts with it, so two open sheets never share one. */
  readonly idPrefix: string;
  readonly enrichedBiography?: string;
  /** The world's rules (its END checks' bands); the sheet class reads them with the heavy part. */
  readonly rules: ShareneRules;
  /** The statuses as CONFIG.FANGS.sharene has them (their names and icons); without them, a condition has its name only. */
  readonly statuses?: readonly StatusDefinition[];
  /** Labels as CONFIG.FANGS.sharene says now (styles, action kinds); the defaults otherwise. */
  readonly labels?: {
    styles?: Readonly<Record<string, string>>;
    actionKinds?: Readonly<Record<string, string>>;
  };
}

const CHARACTERISTICS = ["dex", "agi", "end"] as const;

/** The conditions that take a fighter out, the gravest first: the sheet names the gravest it has. */
const CONDITIONS = [SHARENE_STATUS.dead, SHARENE_STATUS.comatose, SHARENE_STATUS.unconscious] as const;

/** The fighter's condition when it is out of the fight (dead, in a coma, knocked out): its icon and words. */
function conditionOf(statuses: readonly string[], definitions: readonly StatusDefinition[]) {
  const id = CONDITIONS.find((status) => statuses.includes(status));
  if (!id) return null;
  const definition = definitions.find((d) => d.id === id);
  return { id, label: definition?.name ?? `SHARENE.Status.${id}`, img: definition?.img ?? "" };
}

const LIMB_STATE_LABEL = {
  useless: "SHARENE.Limb.Useless",
  severed: "SHARENE.Limb.Severed",
} as const;

function weaponRow(
  item: Extract<ShareneItemData, { type: "shareneWeapon" }>,
  actionKinds: Readonly<Record<string, string>>,
) {
  const { system } = item;
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    kindLabel: actionKinds[system.kind] ?? `SHARENE.ActionKind.${system.kind}`,
    attackTotal: system.attackTotal,
    parryTotal: system.parryTotal,
    equipped: system.equipped,
    blows: BLOWS.filter((blow) => system.damage[blow] !== "").map((blow) => ({
      blow,
      label: `SHARENE.Blow.${blow}`,
      formula: system.damage[blow],
      main: blow === system.mainBlow,
    })),
    mainBlowLabel: MAIN_BLOW_LABELS[system.mainBlow],
    /** A weapon whose main blow has no damage cannot be fought with: said on its row. */
    missingMainBlow: !system.dealsMainBlow,
  };
}

function armorRow(item: Extract<ShareneItemData, { type: "shareneArmor" }>) {
  const protection = item.system.protection as Record<string, number>;
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    equipped: item.system.equipped,
    protection: SHARENE_LOCATIONS.map((location) => ({
      location,
      label: locationLabel(location),
      points: protection[location] ?? 0,
    })),
  };
}

export function shareneActorSheetContext(actor: ShareneActorData, options: ShareneActorSheetOptions) {
  const { system } = actor;
  const { idPrefix, editable } = options;
  const styles = options.labels?.styles ?? {};
  const actionKinds = options.labels?.actionKinds ?? {};
  const id = (name: string) => `${idPrefix}-${name}`;
  const life = system.lifePoints;
  const lifeShare = Math.max(0, Math.min(1, life.value / life.max));
  return {
    actor: { id: actor.id, name: actor.name, img: actor.img },
    typeLabel: ACTOR_TYPE_LABELS[actor.type],
    condition: conditionOf(actor.statuses ?? [], options.statuses ?? []),
    editable,
    disabledAttr: editable ? "" : "disabled",
    ids: {
      name: id("name"),
      damageBonus: id("damageBonus"),
      weaponArm: id("weaponArm"),
      biography: id("biography"),
    },
    characteristics: CHARACTERISTICS.map((c) => ({
      id: c,
      label: `SHARENE.Characteristic.${c}`,
      name: `system.characteristics.${c}`,
      value: system.characteristics[c],
      inputId: id(`characteristic-${c}`),
    })),
    life: {
      value: life.value,
      max: life.max,
      percent: Math.round(lifeShare * 100),
      ids: { value: id("life-value"), max: id("life-max") },
    },
    damageBonus: system.damageBonus,
    dodge: {
      level: system.dodge.level,
      natural: system.dodge.natural,
      total: system.dodgeTotal,
      ids: { level: id("dodge-level"), natural: id("dodge-natural") },
    },
    styles: STYLES.map((style) => ({
      id: style,
      label: styles[style] || `SHARENE.Style.${style}`,
      name: `system.styles.${style}`,
      known: system.styles[style],
      inputId: id(`style-${style}`),
    })),
    weaponArm: { value: system.weaponArm, choices: WEAPON_ARM_LABELS },
    limbs: SHARENE_LIMBS.map((limb) => {
      const view = system.limbs[limb] ?? { damage: 0, state: null };
      return {
        id: limb,
        label: locationLabel(limb),
        damage: view.damage,
        name: `system.wounds.${limb}.value`,
        inputId: id(`wound-${limb}`),
        state: view.state,
        stateLabel: view.state ? LIMB_STATE_LABEL[view.state] : "SHARENE.Limb.Whole",
      };
    }),
    armor: SHARENE_LOCATIONS.map((location) => ({
      location,
      label: locationLabel(location),
      points: system.armor[location] ?? 0,
    })),
    endChecks: endCheckDns(system.characteristics.end, options.rules).map((check) => ({
      band: check.band,
      label: `SHARENE.EndCheck.${check.band}`,
      cf: check.cf,
      dn: check.dn,
    })),
    weapons: actor.items.flatMap((item) =>
      item.type === "shareneWeapon" ? [weaponRow(item, actionKinds)] : [],
    ),
    armors: actor.items.flatMap((item) => (item.type === "shareneArmor" ? [armorRow(item)] : [])),
    biography: { value: system.biography, enriched: options.enrichedBiography ?? system.biography },
  };
}
export type ShareneActorSheetContext = ReturnType<typeof shareneActorSheetContext>;

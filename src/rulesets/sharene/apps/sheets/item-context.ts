import { SHARENE_DEFAULTS, type ShareneRules } from "../../../../rules/sharene/config";
import { attacksOnTurn } from "../../../../rules/sharene/round-engine";
import { SHARENE_LOCATIONS } from "../../../../rules/sharene/sheet";
import { ACTION_KINDS, BLOWS, type Style } from "../../../../rules/sharene/types";
import { ITEM_TYPE_LABELS, locationLabel, MAIN_BLOW_LABELS, STYLE_LABELS } from "../../config/labels";
import type { ShareneItemData } from "./sheet-data";

/**
 * An item sheet's context from plain data: the weapon's skills with their
 * totals, its damage per blow and main blow; the armor's protection per
 * location; the style's figures under the world's rules. Pure; in
 * Sharene's heavy part.
 */

const DAMAGE_LABELS = {
  slash: "SHARENE.Weapon.DamageSlash",
  thrust: "SHARENE.Weapon.DamageThrust",
  special: "SHARENE.Weapon.DamageSpecial",
} as const;

export interface ShareneItemSheetOptions {
  readonly editable: boolean;
  readonly idPrefix: string;
  readonly enrichedDescription?: string;
  readonly labels?: {
    actionKinds?: Readonly<Record<string, string>>;
    styles?: Readonly<Record<string, string>>;
  };
  /** The world's rules, whose DFs a style entry shows; the defaults when not given. */
  readonly rules?: ShareneRules;
}

function weaponContext(
  item: Extract<ShareneItemData, { type: "shareneWeapon" }>,
  options: ShareneItemSheetOptions,
) {
  const { system } = item;
  const id = (name: string) => `${options.idPrefix}-${name}`;
  const actionKinds = options.labels?.actionKinds ?? {};
  const skill = (which: "attack" | "parry", total: number | null) => ({
    which,
    label: which === "attack" ? "SHARENE.Weapon.Attack" : "SHARENE.Weapon.Parry",
    level: system[which].level,
    natural: system[which].natural,
    total,
    names: { level: `system.${which}.level`, natural: `system.${which}.natural` },
    ids: { level: id(`${which}-level`), natural: id(`${which}-natural`) },
  });
  return {
    kind: {
      value: system.kind,
      choices: Object.fromEntries(ACTION_KINDS.map((k) => [k, actionKinds[k] || `SHARENE.ActionKind.${k}`])),
      inputId: id("kind"),
    },
    skills: [skill("attack", system.attackTotal), skill("parry", system.parryTotal)],
    parries: { checked: system.parries, inputId: id("parries") },
    blows: BLOWS.map((blow) => ({
      blow,
      label: DAMAGE_LABELS[blow],
      name: `system.damage.${blow}`,
      formula: system.damage[blow],
      inputId: id(`damage-${blow}`),
    })),
    mainBlow: { value: system.mainBlow, choices: MAIN_BLOW_LABELS, inputId: id("mainBlow") },
    missingMainBlow: !system.dealsMainBlow,
    equipped: { checked: system.equipped, inputId: id("equipped") },
  };
}

function armorContext(
  item: Extract<ShareneItemData, { type: "shareneArmor" }>,
  options: ShareneItemSheetOptions,
) {
  const protection = item.system.protection as Record<string, number>;
  return {
    protection: SHARENE_LOCATIONS.map((location) => ({
      location,
      label: locationLabel(location),
      name: `system.protection.${location}`,
      points: protection[location] ?? 0,
      inputId: `${options.idPrefix}-protection-${location}`,
    })),
    equipped: { checked: item.system.equipped, inputId: `${options.idPrefix}-equipped` },
  };
}

/** A DF as a table reads it: "+1", "−5", "0". */
export function signedDf(df: number): string {
  return df > 0 ? `+${df}` : df < 0 ? `\u2212${-df}` : "0";
}

/** One line of a style's figures: what it is about, and the sentence giving its DFs. */
export interface StyleFigure {
  readonly aspect: "attack" | "defense" | "riposte" | "parried";
  readonly label: string;
  readonly text: string;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * What a style does in a round, each figure read from the rules the round
 * plays with (round-engine.ts reads the same keys): its own attack, its
 * defenses, its riposte, and what it costs whoever parries it.
 */
export function styleFigures(style: Style, rules: ShareneRules = SHARENE_DEFAULTS): StyleFigure[] {
  const several = {
    first: signedDf(rules.multipleDefenseDf[0]),
    second: signedDf(rules.multipleDefenseDf[1]),
    split: signedDf(rules.splitParryDf),
  };
  const attack: StyleFigure = attacksOnTurn(style)
    ? {
        aspect: "attack",
        label: "SHARENE.StyleItem.Attack",
        text: "SHARENE.StyleItem.AttackDf",
        params: { df: signedDf(style === "fullAttack" ? rules.fullAttackDf : 0) },
      }
    : { aspect: "attack", label: "SHARENE.StyleItem.Attack", text: "SHARENE.StyleItem.NoAttack", params: {} };
  const defense: StyleFigure =
    style === "fullAttack"
      ? {
          aspect: "defense",
          label: "SHARENE.StyleItem.Defense",
          text: "SHARENE.StyleItem.ReflexDefense",
          params: { df: signedDf(rules.fullAttackDefenseDf) },
        }
      : {
          aspect: "defense",
          label: "SHARENE.StyleItem.Defense",
          text: style === "fullParry" ? "SHARENE.StyleItem.CoveredDefense" : "SHARENE.StyleItem.UsualDefense",
          params: { df: signedDf(rules.fullParryDefenseDf), ...several },
        };
  const riposteText =
    rules.riposteReading === "asWritten"
      ? "SHARENE.StyleItem.RiposteAsWritten"
      : "SHARENE.StyleItem.RiposteBetter";
  const riposte: StyleFigure =
    style === "parryRiposte"
      ? {
          aspect: "riposte",
          label: "SHARENE.StyleItem.Riposte",
          text: riposteText,
          params: {
            better: signedDf(rules.riposteDf.better),
            notBetter: signedDf(rules.riposteDf.notBetter),
            failed: signedDf(rules.riposteDf.failed),
          },
        }
      : style === "fullParry"
        ? {
            aspect: "riposte",
            label: "SHARENE.StyleItem.Riposte",
            text: "SHARENE.StyleItem.ReflexRiposte",
            params: { df: signedDf(rules.fullParryRiposteDf) },
          }
        : {
            aspect: "riposte",
            label: "SHARENE.StyleItem.Riposte",
            text: "SHARENE.StyleItem.NoRiposte",
            params: {},
          };
  const parried: StyleFigure =
    style === "fullAttack"
      ? {
          aspect: "parried",
          label: "SHARENE.StyleItem.Parried",
          text: "SHARENE.StyleItem.ParriedDf",
          params: { df: signedDf(rules.parriedFullAttackDf) },
        }
      : {
          aspect: "parried",
          label: "SHARENE.StyleItem.Parried",
          text: "SHARENE.StyleItem.ParriedNothing",
          params: {},
        };
  return [attack, defense, riposte, parried];
}

function styleContext(
  item: Extract<ShareneItemData, { type: "shareneStyle" }>,
  options: ShareneItemSheetOptions,
) {
  const { style } = item.system;
  const styles = options.labels?.styles ?? {};
  return {
    style: {
      value: style,
      choices: Object.fromEntries(
        Object.entries(STYLE_LABELS).map(([id, label]) => [id, styles[id] || label]),
      ),
      inputId: `${options.idPrefix}-style`,
    },
    figures: styleFigures(style as Style, options.rules),
  };
}

export function shareneItemSheetContext(item: ShareneItemData, options: ShareneItemSheetOptions) {
  return {
    item: { id: item.id, name: item.name, img: item.img },
    type: item.type,
    typeLabel: ITEM_TYPE_LABELS[item.type],
    editable: options.editable,
    disabledAttr: options.editable ? "" : "disabled",
    ids: { name: `${options.idPrefix}-name`, description: `${options.idPrefix}-description` },
    description: {
      value: item.system.description,
      enriched: options.enrichedDescription ?? item.system.description,
    },
    weapon: item.type === "shareneWeapon" ? weaponContext(item, options) : null,
    armor: item.type === "shareneArmor" ? armorContext(item, options) : null,
    style: item.type === "shareneStyle" ? styleContext(item, options) : null,
  };
}
export type ShareneItemSheetContext = ReturnType<typeof shareneItemSheetContext>;

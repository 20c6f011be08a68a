import { dialogFormValues } from "../../../apps/dialog-form";
import type { RoundAsk } from "../../../combat/tracker-parts";
import { localize as foundryLocalize, type Localize } from "../../../config/localize";
import type { HitLocationTable } from "../../../rules/kernel/hit-locations";
import type { ShareneRules } from "../../../rules/sharene/config";
import { calledLevel } from "../../../rules/sharene/exchange";
import {
  CALLED_EFFECTS,
  type CalledShot,
  STYLES,
  type StatedBlow,
  type Style,
  type SuccessLevel,
} from "../../../rules/sharene/types";
import { shareneHitTable } from "../config/hit-table";
import { readWorldShareneRules } from "../config/rules-apply";
import { shareneLabels } from "../config/sharene-config";
import { knownStyles } from "../token-palette";
import { fighterSheet } from "./round-read";
import { shareneRecord } from "./round-record";
import type { StyleData } from "./sharene-table";

/**
 * The style with what may go with it (SHA-STY-*), chosen in a small dialog
 * opened from "Style…" on the tracker row's menu, the Token HUD palette and
 * the sheet's round panel: the styles the sheet knows, a split parry, a
 * stated blow among those the fighter's weapon deals, a called shot among
 * the rules' table's locations and effects with the Success Level each
 * needs. Only legal choices are offered, and the answer is read again here
 * before it is asked: what the rules refuse is told in Sharene's words and
 * asks nothing. What is asked is the `style` round action, every field
 * said outright, so a player's goes through the active GM, which checks it
 * all once more (./sharene-table.ts, ./round-planner.ts). Sharene's heavy
 * part; the context and the reading of the answer are pure.
 */

export const STYLE_DIALOG_TEMPLATE = "systems/fangs/templates/sharene/style-dialog.hbs";

/** The fewest and most attacks a split parry is shared among (SHA-STY-*; the engine's own bounds). */
export const SPLIT_RANGE = Object.freeze({ min: 2, max: 10 });

const BLOWS: readonly StatedBlow[] = ["slash", "thrust"];

/** A called shot the rules' table names, with the level it needs. */
export interface CalledChoice {
  readonly shot: CalledShot;
  readonly level: SuccessLevel;
}

/** What the dialog offers one fighter, read from its sheet, its record and the world's rules. */
export interface StyleDialogFacts {
  readonly name: string;
  readonly known: readonly Style[];
  /** The blows its equipped weapon deals (none without one). */
  readonly blows: readonly StatedBlow[];
  readonly called: readonly CalledChoice[];
  /** The DF a stated blow costs (the world's rules). */
  readonly statedBlowDf: number;
  readonly current: {
    readonly style: Style | null;
    readonly split: number;
    readonly statedBlow: StatedBlow | null;
    readonly called: CalledShot | null;
  };
}

/** The called shots the rules' table names: the hit locations, then the effects, each with the level it needs. */
export function calledChoices(
  rules: ShareneRules,
  table: HitLocationTable = shareneHitTable(),
): CalledChoice[] {
  const shots: CalledShot[] = [
    ...table.locations.map((l) => ({ kind: "location" as const, location: l.id })),
    ...CALLED_EFFECTS.map((effect) => ({ kind: "effect" as const, effect })),
  ];
  return shots.flatMap((shot) => {
    const level = calledLevel(shot, rules);
    return level === null ? [] : [{ shot, level }];
  });
}

/** The facts for one combatant, from the documents as they are now. */
export function styleDialogFacts(
  combatant: Combatant.Implementation,
  rules: ShareneRules = readWorldShareneRules(),
): StyleDialogFacts {
  const sheet = fighterSheet(combatant.id ?? "", combatant.actor);
  const record = shareneRecord(combatant);
  return {
    name: combatant.name ?? "",
    known: knownStyles(combatant),
    blows: BLOWS.filter((blow) => sheet?.weapon.damage[blow] !== undefined),
    called: calledChoices(rules),
    statedBlowDf: rules.statedBlowDf,
    current: {
      style: record.style,
      split: record.split,
      statedBlow: record.statedBlow,
      called: record.called,
    },
  };
}

/** A called shot as the form's value: `location:<id>` or `effect:<id>`. */
export const calledValue = (shot: CalledShot): string =>
  shot.kind === "location" ? `location:${shot.location}` : `effect:${shot.effect}`;

/** A called shot's name in words (its location's, or its effect's). */
export function calledName(shot: CalledShot, localize: Localize): string {
  return shot.kind === "location"
    ? localize(`SHARENE.Location.${shot.location}`)
    : localize(`SHARENE.CalledEffect.${shot.effect}`);
}

export function styleDialogContext(facts: StyleDialogFacts, localize: Localize, idPrefix = "sharene-style") {
  const styleLabels = shareneLabels("styles");
  const { current } = facts;
  // The style as chosen, else the first the sheet knows: Choose never goes out with none.
  const checkedStyle = current.style && facts.known.includes(current.style) ? current.style : facts.known[0];
  const split = current.split >= SPLIT_RANGE.min && current.split <= SPLIT_RANGE.max ? current.split : 0;
  const blow = current.statedBlow && facts.blows.includes(current.statedBlow) ? current.statedBlow : null;
  const called = current.called ? calledValue(current.called) : "";
  const shot = (kind: CalledShot["kind"]) =>
    facts.called
      .filter((c) => c.shot.kind === kind)
      .map((c) => ({
        value: calledValue(c.shot),
        label: localize("SHARENE.Combat.Style.CalledChoice", {
          shot: calledName(c.shot, localize),
          level: localize(`SHARENE.Level.${c.level}`),
        }),
        selected: calledValue(c.shot) === called,
      }));
  const counts = [];
  for (let n = SPLIT_RANGE.min; n <= SPLIT_RANGE.max; n += 1)
    counts.push({
      value: String(n),
      label: localize("SHARENE.Combat.Style.SplitCount", { count: n }),
      selected: n === split,
    });
  return {
    idPrefix,
    heading: localize("SHARENE.Combat.Style.Heading", { name: facts.name }),
    styleLegend: localize("SHARENE.Combat.Style.StyleLegend"),
    styles: facts.known.map((style) => ({
      id: style,
      label: localize(styleLabels[style] ?? style),
      checked: style === checkedStyle,
    })),
    emptyLabel: localize("SHARENE.Combat.Menu.NoStyleKnown"),
    splitLabel: localize("SHARENE.Combat.Style.Split"),
    splitHint: localize("SHARENE.Combat.Style.SplitHint", SPLIT_RANGE),
    splits: [
      { value: "0", label: localize("SHARENE.Combat.Style.SplitNone"), selected: split === 0 },
      ...counts,
    ],
    blowLegend: localize("SHARENE.Combat.Style.Blow"),
    blowHint: localize(
      facts.blows.length > 0 ? "SHARENE.Combat.Style.BlowHint" : "SHARENE.Combat.Style.NoBlow",
      // With a minus sign, as the attack dialog and the card write a DF.
      { df: facts.statedBlowDf < 0 ? `−${-facts.statedBlowDf}` : `+${facts.statedBlowDf}` },
    ),
    blows: [
      { value: "", label: localize("SHARENE.Combat.Style.BlowNone"), checked: blow === null },
      ...facts.blows.map((b) => ({ value: b, label: localize(`SHARENE.Blow.${b}`), checked: b === blow })),
    ],
    calledLabel: localize("SHARENE.Combat.Style.Called"),
    calledHint: localize("SHARENE.Combat.Style.CalledHint"),
    calledNone: { label: localize("SHARENE.Combat.Style.CalledNone"), selected: called === "" },
    calledGroups: [
      { label: localize("SHARENE.Combat.Style.Locations"), options: shot("location") },
      { label: localize("SHARENE.Combat.Style.Effects"), options: shot("effect") },
    ].filter((g) => g.options.length > 0),
  };
}

/** A refusal in Sharene's words: the round's own refusal keys, with the fighter's name. */
export interface StyleRefusal {
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
}

export type StyleAnswer = { readonly data: Required<StyleData> } | { readonly refusal: StyleRefusal };

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * Reads the submitted form against what was offered: a style the sheet
 * knows, a split among 2 to 10 attacks and none with a Full Attack, a blow
 * the weapon deals, a called shot the rules' table names. Anything else is
 * refused, with the round's words for it.
 */
export function readStyleForm(form: Readonly<Record<string, unknown>>, facts: StyleDialogFacts): StyleAnswer {
  const refuse = (reason: string): StyleAnswer => ({
    refusal: { key: `SHARENE.Combat.Refusal.${reason}`, data: { name: facts.name } },
  });
  const style = text(form.style);
  if (!STYLES.includes(style as Style)) return refuse("UnknownStyle");
  if (!facts.known.includes(style as Style)) return refuse("StyleNotKnown");
  // A disabled field is not sent: no split.
  const splitText = text(form.split).trim() || "0";
  const split = /^\d{1,2}$/.test(splitText) ? Number(splitText) : Number.NaN;
  if (!(split === 0 || (split >= SPLIT_RANGE.min && split <= SPLIT_RANGE.max))) return refuse("BadSplit");
  if (split > 0 && style === "fullAttack") return refuse("BadSplit");
  const blowText = text(form.statedBlow);
  const statedBlow = blowText === "" ? null : (facts.blows.find((b) => b === blowText) ?? undefined);
  if (statedBlow === undefined) return refuse("BlowNotDealt");
  const calledText = text(form.called);
  const called =
    calledText === "" ? null : facts.called.find((c) => calledValue(c.shot) === calledText)?.shot;
  if (called === undefined) return refuse("UnknownCalledShot");
  return { data: { style: style as Style, split, statedBlow, called } };
}

/** What `guardSplit` touches of the rendered dialog. */
export interface SplitRoot {
  querySelector(selector: string): { disabled: boolean } | null;
  querySelectorAll(selector: string): ArrayLike<{
    readonly value: string;
    readonly checked: boolean;
    addEventListener(type: "change", listener: () => void): void;
  }>;
}

/** A Full Attack splits no parry (SHA-STY-3): the split's field is disabled while it is the style checked. */
export function guardSplit(root: SplitRoot): void {
  const split = root.querySelector('select[name="split"]');
  const radios = Array.from(root.querySelectorAll('input[name="style"]'));
  if (!split || radios.length === 0) return;
  const update = () => {
    split.disabled = radios.some((r) => r.checked && r.value === "fullAttack");
  };
  update();
  for (const radio of radios) radio.addEventListener("change", update);
}

/** Shows the dialog; the submitted form's values, or null when closed. Foundry only: DialogV2. */
export async function askStyleOptions(
  facts: StyleDialogFacts,
  localize: Localize,
): Promise<Record<string, unknown> | null> {
  const content = await foundry.applications.handlebars.renderTemplate(
    STYLE_DIALOG_TEMPLATE,
    styleDialogContext(facts, localize, `sharene-style-${foundry.utils.randomID(6)}`),
  );
  const result = await foundry.applications.api.DialogV2.wait({
    window: { title: localize("SHARENE.Combat.Style.Title", { name: facts.name }) },
    classes: ["fangs", "sharene-style-dialog-window"],
    content,
    buttons: [
      {
        action: "choose",
        label: localize("SHARENE.Combat.Style.Choose"),
        icon: "fa-solid fa-check",
        default: true,
        callback: (_event: unknown, button: HTMLButtonElement) => dialogFormValues(button),
      },
      { action: "cancel", label: localize("SHARENE.Combat.Style.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    render: (_event: unknown, dialog: { element?: HTMLElement }) => {
      if (dialog?.element) guardSplit(dialog.element);
    },
    rejectClose: false,
  });
  return result && typeof result === "object" ? (result as Record<string, unknown>) : null;
}

/**
 * The dialog for one combatant, its answer asked as the `style` round
 * action (through the active GM for a player). True when it was done; a
 * refusal, here or at the GM, is told.
 */
export async function openStyleDialog(
  combatant: Combatant.Implementation,
  ask: RoundAsk,
  localize: Localize = foundryLocalize,
): Promise<boolean> {
  const facts = styleDialogFacts(combatant);
  if (facts.known.length === 0) return false;
  const form = await askStyleOptions(facts, localize);
  if (!form) return false;
  const answer = readStyleForm(form, facts);
  if ("refusal" in answer) {
    ui.notifications?.warn(localize(answer.refusal.key, answer.refusal.data));
    return false;
  }
  return ask("style", answer.data);
}

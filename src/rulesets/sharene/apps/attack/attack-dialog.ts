import { dialogFormValues } from "../../../../apps/dialog-form";
import type { Localize } from "../../../../config/localize";
import { type DfPart, type DifficultyNumber, difficultyNumber } from "../../../../rules/sharene/check";
import { type ShareneRules, situationApplies } from "../../../../rules/sharene/config";

/**
 * Sharene's attack dialog: the situations of the rules' DF table that
 * apply to the attack (and, for a GM, to the defense), the DN as it will
 * be, and the roll mode. Holding Shift skips it (no situation, the
 * client's roll mode). Its context and the reading of its answers are pure.
 */

export const SHARENE_ATTACK_DIALOG = "systems/fangs/templates/sharene/attack-dialog.hbs";

export interface AttackDialogFacts {
  readonly attackerName: string;
  readonly defenderName: string;
  readonly weaponName: string;
  /** The attack's DN before any situation. */
  readonly dn: DifficultyNumber;
  readonly rules: ShareneRules;
  /** A GM may set the defense's situations too. */
  readonly gm: boolean;
  readonly rollMode: string;
  readonly rollModes: Readonly<Record<string, string>>;
}

export interface AttackDialogAnswers {
  readonly situations: string[];
  readonly defenseSituations: string[];
  readonly rollMode: string;
}

/** The DN with these situations added, as the engine will work it out. */
export function dnWith(dn: DifficultyNumber, situations: readonly string[], rules: ShareneRules): number {
  const parts: DfPart[] = [...dn.parts];
  for (const id of situations) {
    const row = rules.situations.find((s) => s.id === id);
    if (row) parts.push({ source: `situation:${id}`, df: row.df });
  }
  return difficultyNumber(dn.base, parts, rules, dn.divisor).dn;
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

export function attackDialogContext(facts: AttackDialogFacts, localize: Localize, id: string) {
  const rows = (side: "attack" | "defense") =>
    facts.rules.situations
      .filter((s) => situationApplies(s, side))
      .map((s) => ({
        name: `${side}-${s.id}`,
        id: `${id}-${side}-${s.id}`,
        label: localize(s.labelKey),
        df: s.df,
        dfText: signed(s.df),
      }));
  return {
    id,
    title: localize("SHARENE.Chat.Dialog.Heading", {
      attacker: facts.attackerName,
      defender: facts.defenderName,
      weapon: facts.weaponName,
    }),
    base: facts.dn.base,
    dn: facts.dn.dn,
    dnText: localize("SHARENE.Chat.Dialog.Dn", { dn: facts.dn.dn }),
    parts: facts.dn.parts.map((p) => ({ source: p.source, dfText: signed(p.df) })),
    attack: rows("attack"),
    defense: facts.gm ? rows("defense") : [],
    rollModes: Object.entries(facts.rollModes).map(([value, label]) => ({
      value,
      label: localize(label),
      selected: value === facts.rollMode,
    })),
  };
}

/** Reads the dialog's form: a situation that is not the rules' is dropped, the defense's only for a GM. */
export function parseAttackAnswers(data: Readonly<Record<string, unknown>>, facts: AttackDialogFacts) {
  const pick = (side: "attack" | "defense") =>
    facts.rules.situations
      .filter((s) => situationApplies(s, side) && data[`${side}-${s.id}`] !== undefined)
      .map((s) => s.id);
  const mode = typeof data.rollMode === "string" && Object.hasOwn(facts.rollModes, data.rollMode);
  return {
    situations: pick("attack"),
    defenseSituations: facts.gm ? pick("defense") : [],
    rollMode: mode ? (data.rollMode as string) : facts.rollMode,
  } satisfies AttackDialogAnswers;
}

/** Shows the dialog; null when it is closed without rolling. */
export async function askShareneAttack(
  facts: AttackDialogFacts,
  localize: Localize,
): Promise<AttackDialogAnswers | null> {
  const id = `sharene-attack-${foundry.utils.randomID(6)}`;
  const context = attackDialogContext(facts, localize, id);
  const content = await foundry.applications.handlebars.renderTemplate(SHARENE_ATTACK_DIALOG, context);
  const result = await foundry.applications.api.DialogV2.wait({
    window: { title: localize("SHARENE.Chat.Dialog.Title", { weapon: facts.weaponName }) },
    classes: ["fangs", "sharene", "sharene-attack-dialog"],
    content,
    buttons: [
      {
        action: "roll",
        label: localize("SHARENE.Chat.Dialog.Attack"),
        icon: "fa-solid fa-dice-d20",
        default: true,
        callback: (_event: unknown, button: HTMLButtonElement) => dialogFormValues(button),
      },
      { action: "cancel", label: localize("SHARENE.Chat.Dialog.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    // The DN shown follows the boxes ticked, as the GM will work it out.
    render: (_event: unknown, dialog: { element?: HTMLElement }) => {
      const root = dialog?.element;
      const output = root?.querySelector<HTMLElement>("[data-sharene-dn]");
      if (!root || !output) return;
      root.addEventListener("change", () => {
        const ticked = facts.rules.situations
          .filter((s) => root.querySelector<HTMLInputElement>(`[name="attack-${s.id}"]`)?.checked)
          .map((s) => s.id);
        output.textContent = localize("SHARENE.Chat.Dialog.Dn", {
          dn: dnWith(facts.dn, ticked, facts.rules),
        });
      });
    },
    rejectClose: false,
  } as never);
  if (!result || typeof result !== "object") return null;
  return parseAttackAnswers(result as Record<string, unknown>, facts);
}

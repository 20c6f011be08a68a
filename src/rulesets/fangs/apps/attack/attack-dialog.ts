import { dialogFormValues } from "../../../../apps/dialog-form";
import type { Localize } from "../../../../config/localize";
import type { BlowOptions } from "../../../../rules/fangs/blows";
import type { FangsOptions } from "../../../../rules/fangs/config";
import { parryToAttackMaximum } from "../../../../rules/fangs/trades";
import type { SkillValue } from "../../../../rules/fangs/types";

/**
 * The attack's modifier dialog: situational bonus, tactical trades (their
 * limits are the rules core's, checked after the dialog by applyTrades; the inputs
 * show the rules core's maxima), the blow (strike or flat of
 * the blade, for a made melee weapon), subdual (for bare hands and natural
 * weapons: the rules core's blowOptions), the roll mode, and the answer to a Retreat or a
 * Disengage. Holding Shift when starting the attack skips it with the
 * defaults, unless there is an answer to choose; then Roll waits for one
 * (`requireAnswer`). The context and the reading of the answers are pure.
 */

export const ATTACK_DIALOG_TEMPLATE = "systems/fangs/templates/apps/attack-dialog.hbs";

export type BlowMode = "strike" | "flatOfBlade" | "grapple";

export interface AttackAnswers {
  readonly situational: number;
  readonly attackToDamage: number;
  readonly parryToAttack: number;
  readonly attackToParry: number;
  readonly mode: BlowMode;
  readonly subdual: boolean;
  readonly rollMode: string;
  /** The chosen answer to the target's Retreat or Disengage (null when there is none). */
  readonly special: string | null;
}

export interface SpecialChoice {
  readonly id: string;
  /** Lang key of the choice (the rules core's note keys describe each response). */
  readonly labelKey: string;
}

export interface DialogFacts {
  readonly attackerName: string;
  readonly weaponName: string;
  readonly targetName: string;
  readonly skill: SkillValue;
  /** The weapon parry skill the trades draw on, if any. */
  readonly parrySkill: SkillValue | null;
  /** The world's rules options: the trades' maxima follow them (`parryToAttackCap`). */
  readonly rules?: FangsOptions;
  /**
   * What the rules core lets this weapon do to spare Health (NC-SUB-2, -4):
   * the flat of the blade for a made melee weapon, subdual for bare hands
   * and natural weapons. A grapple is always a grapple.
   */
  readonly blows: BlowOptions;
  readonly grapple: boolean;
  /** The weapon takes the DM, so attack points may go to its damage (CORE-CHR-8: not a shot missile). */
  readonly damageTrade: boolean;
  /** Why the rules refuse this attack now, when it goes ahead anyway (warn / allow / GM). */
  readonly warningKey: string | null;
  /** The attack slot's own modifier (off hand −10…), already part of the roll. */
  readonly slotModifier: number;
  /** The multiple attacks module's part of it (RHF-MAT-2): −5 for each attack beyond the AG allowance; absent or 0: none. */
  readonly quicknessPenalty?: number;
  readonly special: { readonly legendKey: string; readonly choices: readonly SpecialChoice[] } | null;
  /** Roll modes: value → lang key. */
  readonly rollModes: Readonly<Record<string, string>>;
  readonly rollMode: string;
}

export function defaultAnswers(facts: DialogFacts): AttackAnswers {
  return {
    situational: 0,
    attackToDamage: 0,
    parryToAttack: 0,
    attackToParry: 0,
    mode: facts.grapple ? "grapple" : "strike",
    subdual: false,
    rollMode: facts.rollMode,
    // The answer to a Retreat or Disengage is the attacker's to pick (NC-SPD-1, NC-SPD-2): none by default.
    special: null,
  };
}

export function attackDialogContext(facts: DialogFacts, localize: Localize, idPrefix = "fangs-attack") {
  const parryToAttackMax = parryToAttackMaximum(facts.skill, facts.parrySkill, facts.rules);
  const trades = [
    ...(facts.damageTrade
      ? [
          {
            name: "attackToDamage",
            label: localize("FANGS.Chat.Dialog.AttackToDamage"),
            hint: localize("FANGS.Chat.Dialog.AttackToDamageHint", { bought: facts.skill.bought }),
            max: facts.skill.bought,
          },
        ]
      : []),
    {
      name: "attackToParry",
      label: localize("FANGS.Chat.Dialog.AttackToParry"),
      hint: localize("FANGS.Chat.Dialog.AttackToParryHint", { bought: facts.skill.bought }),
      max: facts.skill.bought,
    },
    ...(facts.parrySkill
      ? [
          {
            name: "parryToAttack",
            label: localize("FANGS.Chat.Dialog.ParryToAttack"),
            hint: localize("FANGS.Chat.Dialog.ParryToAttackHint", { max: parryToAttackMax }),
            max: parryToAttackMax,
          },
        ]
      : []),
  ].filter((t) => t.max > 0);
  const rollModes: Record<string, string> = {};
  for (const [value, key] of Object.entries(facts.rollModes)) rollModes[value] = localize(key);
  return {
    idPrefix,
    heading: localize("FANGS.Chat.Dialog.Heading", {
      attacker: facts.attackerName,
      weapon: facts.weaponName,
      target: facts.targetName,
      skill: facts.skill.total,
    }),
    warning: facts.warningKey ? localize(facts.warningKey) : null,
    slotNote:
      facts.slotModifier !== 0
        ? localize(
            facts.quicknessPenalty
              ? "FANGS.Chat.Dialog.SlotModifierQuickness"
              : "FANGS.Chat.Dialog.SlotModifier",
            {
              value: facts.slotModifier > 0 ? `+${facts.slotModifier}` : `${facts.slotModifier}`,
              quickness: `${facts.quicknessPenalty ?? 0}`,
            },
          )
        : null,
    special: facts.special
      ? {
          legend: localize(facts.special.legendKey, { target: facts.targetName }),
          choices: facts.special.choices.map((c) => ({
            id: c.id,
            label: localize(c.labelKey),
            checked: false,
          })),
        }
      : null,
    trades: trades.length > 0 ? trades : null,
    modes: facts.blows.flatOfBlade
      ? { strike: localize("FANGS.Chat.Mode.Strike"), flatOfBlade: localize("FANGS.Chat.Dialog.FlatOfBlade") }
      : null,
    subdual: facts.blows.subdual,
    // Shift does not skip the dialog while an answer is to be chosen (start-attack.ts), and Roll waits for it.
    footHint: localize(facts.special ? "FANGS.Chat.Dialog.ChooseToRoll" : "FANGS.Chat.Dialog.ShiftHint"),
    rollModes,
    rollMode: facts.rollMode,
  };
}

function whole(value: unknown, fallback = 0): number {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : Number.NaN;
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** Reads the submitted form. Numbers are whole (trades never negative); unknown choices fall back to the defaults. */
export function parseAnswers(form: Readonly<Record<string, unknown>>, facts: DialogFacts): AttackAnswers {
  const defaults = defaultAnswers(facts);
  const mode = form.mode === "flatOfBlade" && facts.blows.flatOfBlade ? "flatOfBlade" : defaults.mode;
  const rollMode =
    typeof form.rollMode === "string" && form.rollMode in facts.rollModes ? form.rollMode : defaults.rollMode;
  const choices = facts.special?.choices.map((c) => c.id) ?? [];
  const special =
    typeof form.special === "string" && choices.includes(form.special) ? form.special : defaults.special;
  return {
    situational: whole(form.situational),
    attackToDamage: facts.damageTrade ? Math.max(0, whole(form.attackToDamage)) : 0,
    parryToAttack: Math.max(0, whole(form.parryToAttack)),
    attackToParry: Math.max(0, whole(form.attackToParry)),
    mode,
    // Offered only where it spares Health (NC-SUB-4): a weapon's edge in a subdual fight would still harm.
    subdual:
      facts.blows.subdual && (form.subdual === true || form.subdual === "on" || form.subdual === "true"),
    rollMode,
    special,
  };
}

/** What `requireAnswer` touches of the rendered dialog: the part of the DOM it needs. */
export interface AnswerRoot {
  querySelector(selector: string): { disabled: boolean } | null;
  querySelectorAll(selector: string): ArrayLike<{
    checked: boolean;
    addEventListener(type: "change", listener: () => void): void;
  }>;
}

/**
 * Keeps Roll disabled until an answer to the Retreat or Disengage is
 * checked. The dialog's button submits without the browser's `required`
 * check, so without this Roll would close the dialog with no answer and
 * throw the attack away. Cancel and closing stay free. Nothing to choose:
 * nothing changes.
 */
export function requireAnswer(root: AnswerRoot): void {
  const radios = Array.from(root.querySelectorAll('input[name="special"]'));
  if (radios.length === 0) return;
  const roll = root.querySelector('button[data-action="roll"]');
  if (!roll) return;
  const update = () => {
    roll.disabled = !radios.some((r) => r.checked);
  };
  update();
  for (const radio of radios) radio.addEventListener("change", update);
}

/**
 * Shows the dialog and returns the answers, or null when closed. Foundry
 * only: DialogV2 with the rendered template.
 */
export async function askAttack(facts: DialogFacts, localize: Localize): Promise<AttackAnswers | null> {
  const content = await foundry.applications.handlebars.renderTemplate(
    ATTACK_DIALOG_TEMPLATE,
    attackDialogContext(facts, localize, `fangs-attack-${foundry.utils.randomID(6)}`),
  );
  const result = await foundry.applications.api.DialogV2.wait({
    window: { title: localize("FANGS.Chat.Dialog.Title", { weapon: facts.weaponName }) },
    classes: ["fangs", "fangs-attack-dialog-window"],
    content,
    buttons: [
      {
        action: "roll",
        label: localize("FANGS.Chat.Dialog.Roll"),
        icon: "fa-solid fa-dice-d20",
        default: true,
        callback: (_event: unknown, button: HTMLButtonElement) => {
          const data = dialogFormValues(button);
          if (!data) return null;
          data.subdual =
            (button.form?.elements.namedItem("subdual") as HTMLInputElement | null)?.checked === true;
          return data;
        },
      },
      { action: "cancel", label: localize("FANGS.Chat.Dialog.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    render: (_event: unknown, dialog: { element?: HTMLElement }) => {
      if (dialog?.element) requireAnswer(dialog.element);
    },
    rejectClose: false,
  });
  if (!result || typeof result !== "object") return null;
  return parseAnswers(result as Record<string, unknown>, facts);
}

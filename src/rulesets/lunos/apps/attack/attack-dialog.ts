import { dialogFormValues } from "../../../../apps/dialog-form";
import type { Localize } from "../../../../config/localize";
import { UNDECLARABLE } from "../../../../rules/lunos/maneuvers";
import { type AttackSkill, MANEUVERS, type Maneuver } from "../../../../rules/lunos/types";

/**
 * Lunos's attack dialog, on the attacker's turn: the targets it strikes
 * among those it declared (one roll against them all, a die off for each
 * past the first), the skill (its weapon's, or Brawl for a bodily blow),
 * a maneuver declared before the roll for its free success and whether
 * the blow forgoes its damage for one more (LUN-MNV-2), and the roll
 * mode. Holding Shift skips it (every declared target, the weapon's
 * skill, nothing declared, the client's roll mode). Its context and the
 * reading of its answers are pure; the GM checks them again.
 */

export const LUNOS_ATTACK_DIALOG = "systems/fangs/templates/lunos/attack-dialog.hbs";

export interface AttackDialogFacts {
  readonly attackerName: string;
  /** "" for a bare-handed attack. */
  readonly weaponName: string;
  /** The targets it may strike, by combatant id, with their names. */
  readonly targets: readonly { readonly id: string; readonly name: string }[];
  /** The skills it may roll: its weapon's, and Brawl. */
  readonly skills: readonly AttackSkill[];
  /** What the plan declared, the dialog's starting point. */
  readonly planned: { readonly targets: readonly string[]; readonly declared: Maneuver | null };
  /** Dice off the pool for each target past the first. */
  readonly extraTargetDice: number;
  /** Whether the attacker holds a grapple: Pin and Choke are declared only then. Unknown: offered, the GM checks. */
  readonly grappling?: boolean;
  readonly rollMode: string;
  readonly rollModes: Readonly<Record<string, string>>;
}

export interface AttackDialogAnswers {
  readonly targets: string[];
  readonly skill: AttackSkill;
  readonly declared: Maneuver | null;
  readonly forgoDamage: boolean;
  readonly rollMode: string;
}

/** The maneuvers a roll may be declared for. */
export const DECLARABLE: readonly Maneuver[] = MANEUVERS.filter((m) => !UNDECLARABLE.includes(m));

/** Bought on a grapple the attacker holds: no use declaring them outside one. */
const IN_GRAPPLE_ONLY: readonly Maneuver[] = ["pin", "choke"];

/** What this attacker may declare. */
function declarable(facts: AttackDialogFacts): readonly Maneuver[] {
  return facts.grappling === false ? DECLARABLE.filter((m) => !IN_GRAPPLE_ONLY.includes(m)) : DECLARABLE;
}

export function attackDialogContext(facts: AttackDialogFacts, localize: Localize, id: string) {
  return {
    id,
    title: localize(facts.weaponName ? "LUNOS.Chat.Dialog.Heading" : "LUNOS.Chat.Dialog.HeadingBare", {
      attacker: facts.attackerName,
      weapon: facts.weaponName,
    }),
    extraText: localize("LUNOS.Chat.Dialog.Extra", { dice: facts.extraTargetDice }),
    targets: facts.targets.map((t) => ({
      name: `target-${t.id}`,
      id: `${id}-target-${t.id}`,
      label: t.name,
      checked: facts.planned.targets.includes(t.id),
    })),
    skills: facts.skills.map((s, i) => ({
      value: s,
      label: localize(`LUNOS.Skill.${s}`),
      selected: i === 0,
    })),
    maneuvers: [
      {
        value: "",
        label: localize("LUNOS.Chat.Dialog.NoManeuver"),
        selected: facts.planned.declared === null,
      },
      ...declarable(facts).map((m) => ({
        value: m,
        label: localize(`LUNOS.Maneuver.${m}`),
        selected: m === facts.planned.declared,
      })),
    ],
    rollModes: Object.entries(facts.rollModes).map(([value, label]) => ({
      value,
      label: localize(label),
      selected: value === facts.rollMode,
    })),
  };
}

/** Reads the dialog's form: a target, skill or maneuver the dialog did not offer is dropped. */
export function parseAttackAnswers(
  data: Readonly<Record<string, unknown>>,
  facts: AttackDialogFacts,
): AttackDialogAnswers {
  const targets = facts.targets.filter((t) => data[`target-${t.id}`] !== undefined).map((t) => t.id);
  const skill = facts.skills.find((s) => s === data.skill) ?? facts.skills[0]!;
  const declared = declarable(facts).find((m) => m === data.declared) ?? null;
  const mode = typeof data.rollMode === "string" && Object.hasOwn(facts.rollModes, data.rollMode);
  return {
    targets,
    skill,
    declared,
    // Kept as ticked even with no maneuver: the attack refuses it in words (start-attack.ts).
    forgoDamage: data.forgoDamage !== undefined,
    rollMode: mode ? (data.rollMode as string) : facts.rollMode,
  };
}

/** Shows the dialog; null when it is closed without rolling. */
export async function askLunosAttack(
  facts: AttackDialogFacts,
  localize: Localize,
): Promise<AttackDialogAnswers | null> {
  const id = `lunos-attack-${foundry.utils.randomID(6)}`;
  const context = attackDialogContext(facts, localize, id);
  const content = await foundry.applications.handlebars.renderTemplate(LUNOS_ATTACK_DIALOG, context);
  const result = await foundry.applications.api.DialogV2.wait({
    window: {
      title: localize(facts.weaponName ? "LUNOS.Chat.Dialog.Title" : "LUNOS.Chat.Dialog.TitleBare", {
        weapon: facts.weaponName,
      }),
    },
    classes: ["fangs", "lunos", "lunos-attack-dialog"],
    content,
    buttons: [
      {
        action: "roll",
        label: localize("LUNOS.Chat.Dialog.Attack"),
        icon: "fa-solid fa-dice-six",
        default: true,
        callback: (_event: unknown, button: HTMLButtonElement) => dialogFormValues(button),
      },
      { action: "cancel", label: localize("LUNOS.Chat.Dialog.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    rejectClose: false,
  } as never);
  if (!result || typeof result !== "object") return null;
  return parseAttackAnswers(result as Record<string, unknown>, facts);
}

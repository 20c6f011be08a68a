import type { TrackerRowClick } from "../../../combat/tracker-parts";
import { localize as foundryLocalize, type Localize } from "../../../config/localize";
import { strikeLunosThreat } from "../apps/attack/strike-threat";
import { LUNOS_MENU_TEMPLATE, lunosPhaseOf } from "../tracker-row";
import { type LunosShown, shownRound } from "./shown";

/**
 * The menu a Lunos row's button opens under the row (Lunos's heavy part):
 * the fighter's actions for the round (LUN-RND-1, LUN-ACT-*): an attack of
 * one kind (an attack, a Power attack, a Flurry), a defense of one kind (a
 * defense, a parry, a Full defense), whom they name, a Move with its feet,
 * another task, magic, and a Lunge for a third action. Its Declare button
 * asks the `declare` round action through the tracker's `ask` (the active
 * GM's, for a player), where the engine checks what the fighter has left.
 * Plain radios, checkboxes and buttons, each labelled: every choice is
 * reached and made with the keyboard.
 */

interface Choice {
  readonly id: string;
  readonly label: string;
  readonly checked: boolean;
}

export interface LunosMenuView {
  /** The fields' names and the title's id start with it: a sheet's own, so two open sheets keep their choices apart. */
  readonly prefix: string;
  /** On a sheet: its button's `data-action`; in the tracker's menu, none (the menu's own listener). */
  readonly sheetAction: string | null;
  readonly combatantId: string;
  readonly title: string;
  readonly attackLabel: string;
  readonly attacks: readonly Choice[];
  readonly defenseLabel: string;
  readonly defenses: readonly Choice[];
  readonly targetLabel: string;
  readonly targets: readonly Choice[];
  readonly moreLabel: string;
  readonly move: {
    readonly label: string;
    readonly checked: boolean;
    readonly feetLabel: string;
    readonly feet: number;
  };
  readonly other: Choice;
  /** An Other action spent keeping up a threat (LUN-MNV-3), which its later strike needs. */
  readonly threat: Choice;
  readonly magic: Choice;
  readonly lunge: Choice & { readonly hint: string };
  readonly submit: string;
}

const ATTACKS = ["attack", "powerAttack", "flurry"] as const;
const DEFENSES = ["defense", "parry", "fullDefense"] as const;

/** The menu for one combatant; null outside the declarations. */
export function roundMenuView(
  row: { readonly id: string; readonly name: string },
  phase: string,
  shown: LunosShown,
  others: readonly { readonly id: string; readonly name: string }[],
  localize: Localize,
  where: { readonly prefix: string; readonly sheetAction: string | null } = {
    prefix: "lunos",
    sheetAction: null,
  },
): LunosMenuView | null {
  if (phase !== "declare") return null;
  const kinds = new Set(shown.declaredActions.map((a) => a.kind));
  const named = new Set(shown.declaredActions.flatMap((a) => a.targets));
  const attack = ATTACKS.find((k) => kinds.has(k)) ?? "";
  const defense = DEFENSES.find((k) => kinds.has(k)) ?? "";
  const option = (id: string, current: string, none: string): Choice => ({
    id,
    label: localize(id === "" ? none : `LUNOS.Action.${id}`),
    checked: id === current,
  });
  return {
    ...where,
    combatantId: row.id,
    title: localize("LUNOS.Combat.Menu.Title", { name: row.name }),
    attackLabel: localize("LUNOS.Combat.Menu.Attack"),
    attacks: ["", ...ATTACKS].map((id) => option(id, attack, "LUNOS.Combat.Menu.NoAttack")),
    defenseLabel: localize("LUNOS.Combat.Menu.Defense"),
    defenses: ["", ...DEFENSES].map((id) => option(id, defense, "LUNOS.Combat.Menu.NoDefense")),
    targetLabel: localize("LUNOS.Combat.Menu.Targets"),
    targets: others.map((o) => ({ id: o.id, label: o.name, checked: named.has(o.id) })),
    moreLabel: localize("LUNOS.Combat.Menu.More"),
    move: {
      label: localize("LUNOS.Action.move"),
      checked: kinds.has("move"),
      feetLabel: localize("LUNOS.Combat.Menu.Feet"),
      feet: 5,
    },
    other: {
      id: "other",
      label: localize("LUNOS.Action.other"),
      checked: shown.declaredActions.some((a) => a.kind === "other" && a.task !== "maintainThreat"),
    },
    threat: {
      id: "maintainThreat",
      label: localize("LUNOS.Combat.Menu.KeepThreat"),
      checked: shown.declaredActions.some((a) => a.kind === "other" && a.task === "maintainThreat"),
    },
    magic: { id: "magic", label: localize("LUNOS.Action.magic"), checked: kinds.has("magic") },
    lunge: {
      id: "lunge",
      label: localize("LUNOS.Combat.Menu.Lunge"),
      hint: localize("LUNOS.Combat.Menu.LungeHint"),
      checked: shown.lunging,
    },
    submit: localize("LUNOS.Combat.Menu.Declare"),
  };
}

/** What the menu's fields declare: the request's plan (../combat/lunos-table.ts `parsePlan` reads it). */
export function planFromMenu(form: {
  readonly attack: string;
  readonly defense: string;
  readonly targets: readonly string[];
  readonly move: number | null;
  readonly other: boolean;
  readonly threat?: boolean;
  readonly magic: boolean;
  readonly lunge: boolean;
}): Record<string, unknown> {
  const actions: Record<string, unknown>[] = [];
  const targets = [...form.targets];
  if (form.attack === "flurry") actions.push({ kind: "flurry", targets, against: targets });
  else if (form.attack === "attack" || form.attack === "powerAttack")
    actions.push({ kind: form.attack, targets });
  if ((DEFENSES as readonly string[]).includes(form.defense))
    actions.push({ kind: form.defense, against: targets });
  if (form.move !== null) actions.push({ kind: "move", feet: form.move });
  if (form.other) actions.push({ kind: "other", task: "task" });
  if (form.threat) actions.push({ kind: "other", task: "maintainThreat" });
  if (form.magic) actions.push({ kind: "magic" });
  return { actions, lunge: form.lunge };
}

/**
 * Whether the fields name whom an attack or a defense faces when one is
 * chosen; if not, the user is told so and nothing is asked (rather than a
 * plan refused as malformed).
 */
export function namesSomeone(form: ReturnType<typeof readMenu>): boolean {
  if (form.targets.length > 0 || (form.attack === "" && form.defense === "")) return true;
  ui.notifications?.warn(game.i18n!.localize("LUNOS.Combat.Menu.NoTargets"));
  return false;
}

/** The menu's fields as they stand (their names start with `prefix`). */
export function readMenu(menu: HTMLElement, prefix = "lunos") {
  const checked = (name: string) =>
    [...menu.querySelectorAll<HTMLInputElement>(`input[name="${prefix}-${name}"]:checked`)].map(
      (input) => input.value,
    );
  const feet = Number(menu.querySelector<HTMLInputElement>(`input[name="${prefix}-feet"]`)?.value ?? 0);
  return {
    attack: checked("attack")[0] ?? "",
    defense: checked("defense")[0] ?? "",
    targets: checked("target"),
    move: checked("move").length > 0 ? (Number.isFinite(feet) ? feet : 0) : null,
    other: checked("other").length > 0,
    threat: checked("threat").length > 0,
    magic: checked("magic").length > 0,
    lunge: checked("lunge").length > 0,
  };
}

/** The row button's menu, wired to the `declare` round action. */
export async function openLunosRoundMenu({ combatant, ask }: TrackerRowClick): Promise<HTMLElement | null> {
  const others = [...(combatant.combat?.combatants ?? [])]
    .filter((c) => c.id !== combatant.id && c.id && c.visible !== false)
    .map((c) => ({ id: c.id!, name: c.name ?? "" }));
  const view = roundMenuView(
    { id: combatant.id ?? "", name: combatant.name ?? "" },
    lunosPhaseOf(combatant),
    shownRound(combatant),
    others,
    foundryLocalize,
  );
  if (!view) return null;
  const html = await foundry.applications.handlebars.renderTemplate(LUNOS_MENU_TEMPLATE, { ...view });
  const holder = document.createElement("div");
  holder.innerHTML = html.trim();
  const menu = holder.firstElementChild as HTMLElement | null;
  if (!menu) return null;
  menu.addEventListener("click", async (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-declare]");
    if (!button || button.disabled) return;
    event.stopPropagation();
    const form = readMenu(menu);
    if (!namesSomeone(form)) return;
    menu.remove();
    await ask("declare", planFromMenu(form));
  });
  return menu;
}

/** A click on a Lunos row: its Strike button asks for the threat's strike; any other opens the declaration's menu. */
export async function lunosRowClick(click: TrackerRowClick): Promise<HTMLElement | null> {
  if (click.target.closest?.("[data-lunos-strike]")) {
    await strikeLunosThreat(click.combatant);
    return null;
  }
  return openLunosRoundMenu(click);
}

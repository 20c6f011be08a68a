import { startAttack } from "../../../apps/attack/attack-entry";
import type { TrackerRowClick } from "../../../combat/tracker-parts";
import { localize as foundryLocalize, type Localize } from "../../../config/localize";
import { OTHER_TASKS } from "../../../rules/lunos/types";
import { weaponInHand } from "../apps/attack/start-attack";
import { strikeLunosThreat } from "../apps/attack/strike-threat";
import { LUNOS_MENU_TEMPLATE, lunosPhaseOf } from "../tracker-row";
import { type LunosShown, shownRound } from "./shown";

/**
 * The menu a Lunos row's button opens under the row (Lunos's heavy part):
 * the fighter's actions for the round (LUN-RND-1, LUN-ACT-*): an attack of
 * one kind (an attack, a Power attack, a Flurry) and whom it strikes, a
 * defense of one kind (a defense, a parry, a Full defense) and whom it
 * covers, a Move with its feet, the Other actions the engine knows (stand
 * up, pick up the weapon, leave a grapple, keep up a threat, speak, tend
 * a dying fighter, or a task the GM rules on), a tripped fighter's roll to
 * stand, magic, and a Lunge for a third action. Its Declare button
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
  /** Whom the attack strikes. */
  readonly targetLabel: string;
  readonly targets: readonly Choice[];
  /** Whom the defense covers: a list of its own, since each opponent past the first costs defense dice (LUN-ACT-3). */
  readonly againstLabel: string;
  readonly against: readonly Choice[];
  readonly moreLabel: string;
  readonly move: {
    readonly label: string;
    readonly checked: boolean;
    readonly feetLabel: string;
    readonly feet: number;
    /** The farthest one Move takes the fighter (LUN-ACT-5), else null (not known). */
    readonly max: number | null;
  };
  /** The Other actions the engine knows (LUN-ACT-6), each one action. */
  readonly tasksLabel: string;
  readonly tasks: readonly Choice[];
  /** Whom a "tend" action tends: one of the others, or no one. */
  readonly tend: {
    readonly label: string;
    readonly options: readonly (Choice & { readonly none: boolean })[];
  };
  /** A fighter down may roll to stand rather than spend an action; null for one standing. */
  readonly standByRoll: (Choice & { readonly hint: string }) | null;
  readonly magic: Choice;
  /** For a GM only: the spell heals, so a dying caster survives it (LUN-HLT-5, the GM's ruling). */
  readonly healing: (Choice & { readonly hint: string }) | null;
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
  gm = false,
): LunosMenuView | null {
  if (phase !== "declare") return null;
  const declared = shown.declaredActions;
  const kinds = new Set(declared.map((a) => a.kind));
  const namedBy = (list: readonly string[]) =>
    new Set(declared.filter((a) => list.includes(a.kind)).flatMap((a) => a.targets));
  const struck = namedBy(ATTACKS);
  const covered = namedBy([...DEFENSES, "flurry"]);
  const tasks = new Set(declared.flatMap((a) => (a.kind === "other" && a.task ? [a.task] : [])));
  const tended = declared.find((a) => a.kind === "other" && a.task === "tend")?.targets[0] ?? "";
  const moved = declared.find((a) => a.kind === "move")?.feet;
  const healing = declared.some((a) => a.kind === "magic" && a.healing === true);
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
    // A Flurry only for a fighter with the Combat it needs (as the engine checks it).
    attacks: ["", ...ATTACKS.filter((k) => k !== "flurry" || shown.mayFlurry || attack === "flurry")].map(
      (id) => option(id, attack, "LUNOS.Combat.Menu.NoAttack"),
    ),
    defenseLabel: localize("LUNOS.Combat.Menu.Defense"),
    defenses: ["", ...DEFENSES].map((id) => option(id, defense, "LUNOS.Combat.Menu.NoDefense")),
    targetLabel: localize("LUNOS.Combat.Menu.Targets"),
    targets: others.map((o) => ({ id: o.id, label: o.name, checked: struck.has(o.id) })),
    againstLabel: localize("LUNOS.Combat.Menu.Against"),
    against: others.map((o) => ({ id: o.id, label: o.name, checked: covered.has(o.id) })),
    moreLabel: localize("LUNOS.Combat.Menu.More"),
    move: {
      label: localize("LUNOS.Action.move"),
      checked: kinds.has("move"),
      feetLabel:
        shown.moveMax === null
          ? localize("LUNOS.Combat.Menu.Feet")
          : localize("LUNOS.Combat.Menu.FeetMax", { max: shown.moveMax }),
      // A Move declared keeps its feet when the declaration is changed.
      feet: moved ?? (shown.moveMax === null ? 5 : Math.min(5, shown.moveMax)),
      max: shown.moveMax,
    },
    tasksLabel: localize("LUNOS.Combat.Menu.Tasks"),
    tasks: OTHER_TASKS.map((id) => ({ id, label: localize(`LUNOS.Task.${id}`), checked: tasks.has(id) })),
    tend: {
      label: localize("LUNOS.Combat.Menu.Tend"),
      options: [
        { id: "", label: localize("LUNOS.Combat.Menu.TendNoOne"), checked: tended === "", none: true },
        ...others.map((o) => ({ id: o.id, label: o.name, checked: o.id === tended, none: false })),
      ],
    },
    // Only for a fighter down (the engine ignores it otherwise), beside standing up by an action.
    standByRoll:
      shown.states.prone || shown.standByRoll
        ? {
            id: "standByRoll",
            label: localize("LUNOS.Combat.Menu.StandByRoll"),
            hint: localize("LUNOS.Combat.Menu.StandByRollHint"),
            checked: shown.standByRoll,
          }
        : null,
    magic: { id: "magic", label: localize("LUNOS.Action.magic"), checked: kinds.has("magic") },
    healing: gm
      ? {
          id: "healing",
          label: localize("LUNOS.Combat.Menu.Healing"),
          hint: localize("LUNOS.Combat.Menu.HealingHint"),
          checked: healing,
        }
      : null,
    lunge: {
      id: "lunge",
      label: localize("LUNOS.Combat.Menu.Lunge"),
      hint: localize("LUNOS.Combat.Menu.LungeHint"),
      checked: shown.lunging,
    },
    submit: localize("LUNOS.Combat.Menu.Declare"),
  };
}

/** The menu's fields as read (`readMenu`). */
export interface LunosMenuForm {
  readonly attack: string;
  readonly defense: string;
  /** Whom the attack strikes. */
  readonly targets: readonly string[];
  /** Whom the defense covers. */
  readonly against: readonly string[];
  readonly move: number | null;
  /** The Other actions ticked (`OTHER_TASKS`). */
  readonly tasks: readonly string[];
  /** Whom a "tend" action tends ("" for no one). */
  readonly tend: string;
  readonly standByRoll: boolean;
  readonly magic: boolean;
  /** The spell heals (a GM's ruling: a player's request saying so is refused). */
  readonly healing?: boolean;
  readonly lunge: boolean;
}

/** What the menu's fields declare: the request's plan (../combat/lunos-table.ts `parsePlan` reads it). */
export function planFromMenu(form: LunosMenuForm): Record<string, unknown> {
  const actions: Record<string, unknown>[] = [];
  const targets = [...form.targets];
  // A Flurry is an attack and a defense in one action: it covers the defense's list, else whom it strikes.
  const covered = form.against.length > 0 ? [...form.against] : targets;
  if (form.attack === "flurry") actions.push({ kind: "flurry", targets, against: covered });
  else if (form.attack === "attack" || form.attack === "powerAttack")
    actions.push({ kind: form.attack, targets });
  if ((DEFENSES as readonly string[]).includes(form.defense))
    actions.push({ kind: form.defense, against: [...form.against] });
  if (form.move !== null) actions.push({ kind: "move", feet: form.move });
  for (const task of OTHER_TASKS)
    if (form.tasks.includes(task))
      actions.push(
        task === "tend" && form.tend !== ""
          ? { kind: "other", task, target: form.tend }
          : { kind: "other", task },
      );
  if (form.magic) actions.push(form.healing === true ? { kind: "magic", healing: true } : { kind: "magic" });
  return { actions, lunge: form.lunge, ...(form.standByRoll ? { standByRoll: true } : {}) };
}

/**
 * Whether the fields name whom an attack strikes and whom a defense covers
 * when one is chosen, and whom a tending tends; if not, the user is told
 * so and nothing is asked (rather than a plan refused as malformed).
 */
export function namesSomeone(form: LunosMenuForm): boolean {
  const problem = menuProblem(form);
  if (problem === null) return true;
  ui.notifications?.warn(game.i18n!.localize(problem));
  return false;
}

/** What the fields leave unsaid, as the words to warn with; null when the plan is whole. */
export function menuProblem(form: LunosMenuForm): string | null {
  const attacks = form.attack === "" || form.targets.length > 0;
  const defends = form.defense === "" || form.against.length > 0;
  const tends = !form.tasks.includes("tend") || form.tend !== "";
  if (!(attacks && defends && tends)) return "LUNOS.Combat.Menu.NoTargets";
  // Someone picked to tend, the tending not ticked: said, not dropped without a word.
  if (form.tend !== "" && !form.tasks.includes("tend")) return "LUNOS.Combat.Menu.TendUnticked";
  return null;
}

/** The menu's fields as they stand (their names start with `prefix`). */
export function readMenu(menu: HTMLElement, prefix = "lunos"): LunosMenuForm {
  const checked = (name: string) =>
    [...menu.querySelectorAll<HTMLInputElement>(`input[name="${prefix}-${name}"]:checked`)].map(
      (input) => input.value,
    );
  const feet = Number(menu.querySelector<HTMLInputElement>(`input[name="${prefix}-feet"]`)?.value ?? 0);
  return {
    attack: checked("attack")[0] ?? "",
    defense: checked("defense")[0] ?? "",
    targets: checked("target"),
    against: checked("against"),
    move: checked("move").length > 0 ? (Number.isFinite(feet) ? feet : 0) : null,
    tasks: checked("task"),
    tend: menu.querySelector<HTMLSelectElement>(`select[name="${prefix}-tend"]`)?.value ?? "",
    standByRoll: checked("standByRoll").length > 0,
    magic: checked("magic").length > 0,
    healing: checked("healing").length > 0,
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
    undefined,
    game.user?.isGM === true,
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
    button.disabled = true;
    try {
      await declareFromMenu(readMenu(menu), ask, () => menu.remove());
    } finally {
      button.disabled = false;
    }
  });
  return menu;
}

/**
 * The menu's Declare: the plan asked for, the menu closed only once it is
 * taken. A refusal ("not that many actions left") leaves every choice as
 * it was, to mend rather than make again.
 */
export async function declareFromMenu(
  form: LunosMenuForm,
  ask: (action: string, data?: unknown) => Promise<boolean>,
  close: () => void,
): Promise<boolean> {
  if (!namesSomeone(form)) return false;
  const taken = await ask("declare", planFromMenu(form));
  if (taken) close();
  return taken;
}

/**
 * A click on a Lunos row: its Attack button starts its attack with what is
 * in hand (the sheet's Attack, through the shared entry), its Strike
 * button asks for the threat's strike; any other opens the declaration's
 * menu.
 */
export async function lunosRowClick(click: TrackerRowClick): Promise<HTMLElement | null> {
  if (click.target.closest?.("[data-lunos-attack]")) {
    const actor = click.combatant.actor;
    if (actor) await startAttack(actor, weaponInHand(actor)?.id ?? "", { token: click.combatant.token });
    return null;
  }
  if (click.target.closest?.("[data-lunos-strike]")) {
    await strikeLunosThreat(click.combatant);
    return null;
  }
  return openLunosRoundMenu(click);
}

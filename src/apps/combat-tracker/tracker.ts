import { askRoundAction } from "../../combat/round-ask";
import { activeTableRuleset } from "../../combat/rulesets";
import { hasRoundAction } from "../../combat/table-ruleset";
import type { TrackerViewer } from "../../combat/tracker-parts";
import { actingNow } from "../../combat/turn-groups";
import { localize } from "../../config/localize";
import { activeRulesetDefinition, getRulesetDefinition } from "../../rulesets/registry";
import { keepMenu, menuKeys } from "./row-menu";
import {
  readTrackedResource,
  type StatusInput,
  type TrackerRowInput,
  type TrackerView,
  trackerView,
} from "./tracker-view";

/**
 * The combat tracker: Foundry's header and footer (encounters, round and
 * turn controls, which call our Combat's GM-guarded methods), with our
 * phase bar and our tracker list: acting in this phase (in order), holding,
 * and without a turn this phase. Each row's shared cells are drawn here;
 * the rest is the world ruleset's row part (src/combat/tracker-parts.ts). Rows keep Foundry's row markup
 * (`.combatant[data-combatant-id]`, `activateCombatant`) so its own listeners
 * (hover, click to pan, context menu) keep working.
 */

const BaseTracker = foundry.applications.sidebar.tabs.CombatTracker;

/** Foundry's row-menu entries that write a combatant's initiative: Modify Combatant, Clear and Reroll Initiative. */
const WRITES_INITIATIVE: ReadonlySet<string> = new Set([
  "COMBAT.CombatantUpdate",
  "COMBAT.CombatantClear",
  "COMBAT.CombatantReroll",
]);
const SYSTEM_TEMPLATES = "systems/fangs/templates/combat";

/** The pools a GM may pick as the tracked resource, named as the world ruleset names them. */
function resourceLabels(): Readonly<Record<string, string>> {
  return Object.fromEntries((activeRulesetDefinition().pools ?? []).map((p) => [p.path, p.labelKey]));
}

/** The attribute the Combat Tracker's settings ("Tracked Resource") name; "" for none. */
function trackedResourcePath(combatant: Combatant.Implementation): string {
  const resource = combatant.parent?.settings?.resource;
  return typeof resource === "string" ? resource : "";
}

/**
 * The actor's conditions as its token shows them: its statuses in the order
 * of the status menu, then any other temporary effect with an icon.
 */
function statusInputs(actor: Actor.Implementation | null): StatusInput[] {
  if (!actor) return [];
  const statuses = actor.statuses ?? new Set<string>();
  const out: StatusInput[] = CONFIG.statusEffects
    .filter((s) => statuses.has(s.id) && typeof s.img === "string" && s.img !== "")
    .map((s) => ({ id: s.id, name: String(s.name ?? s.id), img: s.img as string }));
  for (const effect of actor.temporaryEffects ?? []) {
    if (effect.statuses.size > 0 || !effect.img || effect.disabled) continue;
    out.push({ id: effect.id ?? effect.name, name: effect.name, img: effect.img });
  }
  return out;
}

/** The row input of one combatant for the viewer: the shared cells, and what the world ruleset's row part reads. */
export function rowInput(combatant: Combatant.Implementation, viewerIsGM: boolean): TrackerRowInput {
  const viewer: TrackerViewer = { isGM: viewerIsGM, owner: viewerIsGM || combatant.isOwner };
  const read = activeTableRuleset().row?.read(combatant, viewer);
  return {
    id: combatant.id!,
    name: combatant.name ?? "",
    img: combatant.img ?? combatant.token?.texture?.src ?? "icons/svg/mystery-man.svg",
    hidden: combatant.hidden,
    defeated: combatant.isDefeated,
    owner: viewer.owner,
    canPing: combatant.sceneId === canvas?.scene?.id,
    initiative: combatant.initiative ?? null,
    held: read?.held === true,
    outOfAction: read?.outOfAction ?? combatant.isDefeated,
    css: [combatant.hidden ? "hide" : "", combatant.isDefeated ? "defeated" : ""].filter(Boolean).join(" "),
    // As core's tracker: a pool is shown to those who may observe the combatant, not to every player.
    resource:
      viewerIsGM || combatant.testUserPermission(game.user!, "OBSERVER")
        ? readTrackedResource(combatant.actor?.system, trackedResourcePath(combatant), resourceLabels())
        : null,
    statuses: statusInputs(combatant.actor),
    ...(read ? { part: read.data } : {}),
  };
}

/** The tracker's view of a combat for the current user. */
export function combatView(combat: Combat.Implementation): TrackerView {
  const isGM = game.user?.isGM === true;
  const table = activeTableRuleset();
  const { phase, order } = table.roundPointer(combat);
  const rows = combat.turns.filter((c) => c.visible).map((c) => rowInput(c, isGM));
  const phases = table.rules.phases;
  const holds = hasRoundAction(table, "hold");
  return trackerView(
    {
      round: combat.round,
      turn: combat.turn,
      phase,
      phases,
      holds,
      langPrefix: (getRulesetDefinition(table.id) ?? activeRulesetDefinition()).langPrefix,
      order,
      isGM,
      rows,
      ...(table.row ? { rowPart: table.row } : {}),
      acting: actingNow(combat),
    },
    localize,
  );
}

/** The partials a view names (the ruleset's cells and summary), loaded before it is drawn. */
function partialsOf(view: TrackerView): string[] {
  const paths = new Set<string>();
  for (const group of view.groups) for (const row of group.rows) if (row.part) paths.add(row.part.template);
  if (view.summary) paths.add(view.summary.template);
  return [...paths];
}

/** A click's `data-round-data`: JSON, or nothing. */
function roundData(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export class FangsCombatTracker extends BaseTracker {
  static override DEFAULT_OPTIONS = {
    classes: ["fangs", "fangs-combat"],
    actions: {
      rulesetRow: FangsCombatTracker.#onRulesetRow,
      fangsHold: FangsCombatTracker.#onHold,
      fangsBreakHold: FangsCombatTracker.#onBreakHold,
      fangsBreakTogether: FangsCombatTracker.#onBreakTogether,
    },
  };

  static override PARTS = {
    header: BaseTracker.PARTS.header!,
    phase: { template: `${SYSTEM_TEMPLATES}/phase.hbs` },
    tracker: { template: `${SYSTEM_TEMPLATES}/tracker.hbs`, scrollable: [""] },
    footer: BaseTracker.PARTS.footer!,
  };

  #menu: HTMLElement | null = null;
  /** The row the open menu is under, as drawn when it opened (./row-menu.ts). */
  #menuRow = "";

  /** The viewed combat, typed as our documents are configured. */
  get combat(): Combat.Implementation | null {
    // The types give the tracker Foundry's base Combat; every combat is made from the configured class.
    return (this.viewed as Combat.Implementation | null) ?? null;
  }

  protected override async _prepareContext(options: never) {
    const context = await super._prepareContext(options);
    const combat = this.combat;
    const view = combat ? combatView(combat) : null;
    const partials = view ? partialsOf(view) : [];
    // Foundry registers a loaded template as a partial under its path.
    if (partials.length > 0) await foundry.applications.handlebars.loadTemplates(partials);
    return Object.assign(context, { fangs: view });
  }

  protected override async _onRender(context: never, options: never): Promise<void> {
    await super._onRender(context, options);
    const open = this.#menu;
    const kept =
      open?.dataset.combatantId !== undefined &&
      keepMenu(
        { element: open, combatantId: open.dataset.combatantId, rowHtml: this.#menuRow },
        (id) => this.element?.querySelector<HTMLElement>(`li.combatant[data-combatant-id="${id}"]`) ?? null,
      );
    if (!kept) this.#closeMenu();
    // Ticking a holder is not a click on its row: the row's own handler would pan to and select the token.
    for (const pick of this.element?.querySelectorAll<HTMLInputElement>("input.fangs-holder-pick") ?? [])
      pick.addEventListener("click", (event) => event.stopPropagation());
  }

  /**
   * Foundry's row menu can modify a combatant, clear or reroll its
   * initiative: each writes `initiative` behind the round plan, which orders
   * every phase from AG (NC-RND-3, -8). Those entries are left out; the
   * others (remove, clear movement history) stay.
   */
  protected override _getEntryContextOptions(): ReturnType<
    InstanceType<typeof BaseTracker>["_getEntryContextOptions"]
  > {
    return super._getEntryContextOptions().filter((entry) => !WRITES_INITIATIVE.has(entry.name));
  }

  /* -------------------------------------------- */
  /*  Actions                                     */
  /* -------------------------------------------- */

  #combatantFrom(target: HTMLElement): Combatant.Implementation | null {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    return (id && this.combat?.combatants.get(id)) || null;
  }

  #closeMenu(): void {
    this.#menu?.remove();
    this.#menu = null;
  }

  /**
   * A click in the world ruleset's cells: a round action the element names
   * (`data-round-action`, its data as JSON in `data-round-data`), asked
   * through the active GM; else the ruleset's own `click`, whose pop-up (a
   * menu) shows under the row until the next render or a second click.
   */
  static async #onRulesetRow(
    this: FangsCombatTracker,
    event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    event.stopPropagation();
    const combatant = this.#combatantFrom(target);
    const combat = this.combat;
    if (!combatant || !combat) return;
    const wasOpenHere = this.#menu?.isConnected === true && this.#menu.dataset.combatantId === combatant.id;
    this.#closeMenu();
    const ask = (action: string, data?: unknown) => askRoundAction(combat, action, [combatant.id!], data);
    const action = target.dataset.roundAction;
    if (action) {
      await ask(action, roundData(target.dataset.roundData));
      return;
    }
    if (wasOpenHere) return;
    const isGM = game.user?.isGM === true;
    const viewer: TrackerViewer = { isGM, owner: isGM || combatant.isOwner };
    const popUp = await activeTableRuleset().row?.click?.({ combatant, target, viewer, ask });
    if (!popUp) return;
    popUp.dataset.combatantId = combatant.id!;
    const row = target.closest("li.combatant");
    row?.after(popUp);
    this.#menu = popUp;
    this.#menuRow = row?.innerHTML ?? "";
    menuKeys(popUp, () => this.#closeMenu(), target);
  }

  static async #onHold(this: FangsCombatTracker, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.stopPropagation();
    const combatant = this.#combatantFrom(target);
    if (combatant && this.combat) await this.combat.holdAction(combatant.id!);
  }

  static async #onBreakHold(
    this: FangsCombatTracker,
    event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    event.stopPropagation();
    const combatant = this.#combatantFrom(target);
    if (combatant && this.combat) await this.combat.breakHold([combatant.id!]);
  }

  /** GM: the checked holders break at once and roll off (NC-RND-6). */
  static async #onBreakTogether(this: FangsCombatTracker, event: PointerEvent): Promise<void> {
    event.stopPropagation();
    const ids = [
      ...(this.element?.querySelectorAll<HTMLInputElement>("input.fangs-holder-pick:checked") ?? []),
    ]
      .map((input) => input.dataset.holderId)
      .filter((id): id is string => typeof id === "string");
    if (ids.length < 2) {
      ui.notifications?.warn(localize("FANGS.Combat.Refusal.PickTwoHolders"));
      return;
    }
    if (this.combat) await this.combat.breakHold(ids);
  }
}

import { HandlebarsActorSheet } from "../../../../apps/sheets/base";
import * as effectActions from "../../../../apps/sheets/effect-actions";
import {
  notifyRefused,
  notifyRollFailed,
  pickImage,
  writeInlineField,
} from "../../../../apps/sheets/support";
import { startAttack } from "../../../../chat";
import { FangsCombatant } from "../../../../documents/combatant";
import { loadRuleset } from "../../../../on-demand";
import { resolveCheck } from "../../../../rules/fangs/check";
import { postCheck } from "../../chat/check-card";
import { fangsRound } from "../../combat/combatant-round";
import { actorFacts, combatantSystem } from "../../combat/snapshot";
import { rulesOptions } from "../../config/settings";
import type { SheetCombatFacts } from "./actor-context";
import type { ItemType } from "./context-types";
import { actorDataOf, isItemType } from "./document-data";
import { ACTOR_PARTS, STAT_BLOCK_PARTS } from "./parts";
import { ROLL_DRAG_TYPE, type RollDragData, rollSpecOf } from "./roll-spec";
import { rollCheck } from "./rolls";
import { ITEM_TYPE_LABELS } from "./start-labels";
import { ACTOR_TAB_IDS, declaredChoice, sheetTabs } from "./tabs";

type DefaultOptions = foundry.applications.api.DocumentSheetV2.DefaultOptions;
type RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;
type RenderContext = foundry.applications.sheets.ActorSheetV2.RenderContext;

/**
 * The sheet of a character; the creature sheet adds its own block through the
 * same templates (the context fills `creature`). Every button is a
 * `data-action` handled by a static private handler below.
 */
export class FangsActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS: DefaultOptions = {
    classes: ["actor"],
    position: { width: 780, height: 760 },
    actions: {
      rollCharacteristic: FangsActorSheet.#onRollCharacteristic,
      rollAttribute: FangsActorSheet.#onRollAttribute,
      rollSkill: FangsActorSheet.#onRollSkill,
      rollMonsterParry: FangsActorSheet.#onRollMonsterParry,
      attack: FangsActorSheet.#onAttack,
      itemCreate: FangsActorSheet.#onItemCreate,
      itemEdit: FangsActorSheet.#onItemEdit,
      itemDelete: FangsActorSheet.#onItemDelete,
      editPortrait: FangsActorSheet.#onEditPortrait,
      toggleMode: FangsActorSheet.#onToggleMode,
      effectCreate: FangsActorSheet.#onEffectCreate,
      effectEdit: FangsActorSheet.#onEffectEdit,
      effectToggle: FangsActorSheet.#onEffectToggle,
      effectDelete: FangsActorSheet.#onEffectDelete,
      statusToggle: FangsActorSheet.#onStatusToggle,
    },
  };

  static override PARTS = { ...ACTOR_PARTS };

  static override TABS: (typeof HandlebarsActorSheet)["TABS"] = sheetTabs(ACTOR_TAB_IDS, "main");

  override tabGroups: Record<string, string> = { sheet: "main" };

  /* -------------------------------------------- */
  /*  Rendering                                   */
  /* -------------------------------------------- */

  protected override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    // The context builders come with FANGS's heavy part, loaded on `ready` in a FANGS world.
    const { actorSheetContext } = await loadRuleset("fangs");
    const data = actorDataOf(this.actor);
    const enrichedHtml = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      data.system.biography ?? "",
      {
        secrets: this.actor.isOwner,
        relativeTo: this.actor,
      },
    );
    return {
      ...base,
      ...actorSheetContext(data, {
        editable: this.isEditable,
        idPrefix: this.id,
        enrichedHtml,
        activeTab: this.tabGroups.sheet,
        uuid: this.actor.uuid,
        combat: this.#combatFacts(),
        rules: rulesOptions(),
        mode: this.#mode,
      }),
    };
  }

  protected override async _onRender(context: RenderContext, options: RenderOptions) {
    await super._onRender(context, options);
    for (const input of this.element.querySelectorAll<HTMLInputElement>("input[data-item-field]")) {
      if (input.dataset.fangsBound) continue;
      input.dataset.fangsBound = "1";
      input.addEventListener("change", (event) => {
        // The actor's own form would submit this change too; the input belongs to an item.
        event.stopPropagation();
        void this.#updateItemField(input);
      });
    }
    // A roll button dragged to the hotbar carries what it rolls (src/rulesets/fangs/apps/attack/hotbar.ts makes the macro).
    for (const button of this.element.querySelectorAll<HTMLElement>("[data-roll-kind]")) {
      if (button.dataset.fangsBound) continue;
      button.dataset.fangsBound = "1";
      button.draggable = true;
      button.addEventListener("dragstart", (event) => this.#onRollDragStart(event, button));
    }
    const select = this.element.querySelector<HTMLSelectElement>("select[data-declare-maneuver]");
    if (select && !select.dataset.fangsBound) {
      select.dataset.fangsBound = "1";
      select.addEventListener("change", (event) => {
        // Not a field of the actor: the form must not submit it.
        event.stopPropagation();
        void this.#declare(select.value);
      });
    }
  }

  /** Where each user's lock of each sheet is kept: a flag of their own user, so it follows them to any browser. */
  get #modeKey(): string {
    return this.actor.uuid.replaceAll(".", "-");
  }

  /**
   * The sheet's lock for this user: the one they last chose, else play mode,
   * except for an actor with nothing on it yet, which opens ready to be built.
   */
  get #mode(): "play" | "edit" {
    const stored = game.user?.getFlag("fangs", "sheetModes")?.[this.#modeKey];
    if (stored === "play" || stored === "edit") return stored;
    return this.actor.items.size === 0 ? "edit" : "play";
  }

  /**
   * The actor's place in the viewed combat, as plain data for the context
   * builder; null when it is not a combatant there.
   */
  #combatFacts(): SheetCombatFacts | null {
    const combatant = FangsCombatant.of(this.actor);
    const combat = combatant?.combat;
    if (!combatant || !combat) return null;
    const round = fangsRound(combatant);
    const allowance = round.movementAllowance;
    // Whether declaring is open now; a held action's own limits are checked per maneuver on declaring.
    const refusal = round.declareRefusal(allowance?.maneuver ?? "move");
    const shown =
      refusal === "FANGS.Combat.Refusal.DeclareClosed" || refusal === "FANGS.Combat.Refusal.NotOwner";
    return {
      round: combat.round,
      maneuver: allowance?.maneuver ?? null,
      movement: allowance ? { fraction: allowance.fraction, paces: allowance.paces } : null,
      declareRefusal: shown ? refusal : null,
      readying: combatantSystem(combatant).readying,
      readyings: actorFacts(this.actor).readyings,
    };
  }

  #onRollDragStart(event: DragEvent, button: HTMLElement): void {
    const { rollKind, characteristic, attribute, multiplier } = button.dataset;
    const spec = rollSpecOf({ kind: rollKind, id: characteristic ?? attribute, multiplier });
    if (!spec || !event.dataTransfer) return;
    event.stopPropagation();
    const data: RollDragData = { type: ROLL_DRAG_TYPE, actorUuid: this.actor.uuid, spec };
    event.dataTransfer.setData("text/plain", JSON.stringify(data));
  }

  /** Declares the chosen maneuver through the tracker; a refusal re-renders the stored one. */
  async #declare(value: string): Promise<void> {
    const combatant = FangsCombatant.of(this.actor);
    const { maneuver, readying } = declaredChoice(value);
    if (!combatant || !maneuver) return;
    const done = await fangsRound(combatant).declareManeuver(maneuver, { readying });
    if (!done) await this.render();
  }

  /* -------------------------------------------- */
  /*  Helpers                                     */
  /* -------------------------------------------- */

  #itemOf(target: HTMLElement): Item.Implementation | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? this.actor.items.get(id) : undefined;
  }

  async #updateItemField(input: HTMLInputElement): Promise<void> {
    const item = this.#itemOf(input);
    if (item) await writeInlineField(item, input, () => this.render());
  }

  async #roll(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      notifyRollFailed(error);
    }
  }

  /** The prepared system data, read through the shapes of src/rulesets/fangs/apps/sheets/context-types.ts. */
  get #system() {
    return actorDataOf(this.actor).system;
  }

  /* -------------------------------------------- */
  /*  Actions                                     */
  /* -------------------------------------------- */

  static async #onRollCharacteristic(this: FangsActorSheet, _event: PointerEvent, target: HTMLElement) {
    const spec = rollSpecOf({ kind: "characteristic", ...target.dataset, id: target.dataset.characteristic });
    if (spec) await rollCheck(this.actor, spec);
  }

  static async #onRollAttribute(this: FangsActorSheet, _event: PointerEvent, target: HTMLElement) {
    const spec = rollSpecOf({ kind: "attribute", id: target.dataset.attribute });
    if (spec) await rollCheck(this.actor, spec);
  }

  static async #onRollSkill(this: FangsActorSheet, _event: PointerEvent, target: HTMLElement) {
    const itemId = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    if (itemId) await rollCheck(this.actor, { kind: "skill", itemId });
  }

  static async #onRollMonsterParry(this: FangsActorSheet) {
    const { actorSheetContext } = await loadRuleset("fangs");
    const context = actorSheetContext(actorDataOf(this.actor), {
      editable: false,
    });
    const total = context.creature?.monsterParry.total;
    await this.#roll(async () => {
      if (typeof total !== "number")
        throw new Error(game.i18n?.localize("FANGS.Sheet.Error.NoParryFormula") ?? "");
      await postCheck({
        actor: this.actor,
        resolve: (dice) => resolveCheck({ skill: total, modifiers: 0 }, dice),
        meta: { label: "FANGS.Actor.Creature.MonsterParry", localizeLabel: true },
      });
    });
  }

  /** The weapon row's Attack button: the exchange card's start (Shift skips its dialog). */
  static async #onAttack(this: FangsActorSheet, event: PointerEvent, target: HTMLElement) {
    const item = this.#itemOf(target);
    // A shield's button is its bash (NC-DEF-9).
    if (!item?.id || (item.type !== "weapon" && item.type !== "shield")) return;
    // The Aim button beside it (the aiming module, RHF-AIM-1): a round of aiming, rolled by the GM.
    if (target.dataset.aim) await (await loadRuleset("fangs")).aimWith(this.actor, item.id);
    else await startAttack(this.actor, item.id, { event });
  }

  static async #onItemCreate(this: FangsActorSheet, _event: PointerEvent, target: HTMLElement) {
    const type = target.dataset.type as ItemType;
    if (!isItemType(type)) return;
    const name =
      game.i18n?.format("FANGS.Sheet.NewItem", { type: game.i18n.localize(ITEM_TYPE_LABELS[type]) }) ?? type;
    const category = target.dataset.category;
    const system: { category?: "combat" | "general" } =
      type === "skill" && (category === "combat" || category === "general") ? { category } : {};
    try {
      await Item.implementation.create({ name, type, system }, { parent: this.actor });
    } catch (error) {
      notifyRefused(this.actor.name ?? "", error);
    }
  }

  static async #onItemEdit(this: FangsActorSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#itemOf(target)?.sheet?.render(true);
  }

  static async #onItemDelete(this: FangsActorSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#itemOf(target)?.deleteDialog();
  }

  static #onEditPortrait(this: FangsActorSheet) {
    if (this.isEditable && this.#mode === "edit") pickImage(this.actor);
  }

  static async #onToggleMode(this: FangsActorSheet) {
    if (!this.isEditable) return;
    const next = this.#mode === "edit" ? "play" : "edit";
    await game.user?.setFlag("fangs", "sheetModes", { [this.#modeKey]: next });
    await this.render();
  }

  static async #onEffectCreate(this: FangsActorSheet, _event: PointerEvent, target: HTMLElement) {
    const section = target.dataset.section;
    if (section !== "temporary" && section !== "passive" && section !== "inactive") return;
    await effectActions.createEffect(this.actor, section);
  }

  static async #onEffectEdit(this: FangsActorSheet, _event: PointerEvent, target: HTMLElement) {
    const effect = effectActions.effectOf(this.actor, target);
    if (effect) await effectActions.editEffect(effect);
  }

  static async #onEffectToggle(this: FangsActorSheet, _event: PointerEvent, target: HTMLElement) {
    const effect = effectActions.effectOf(this.actor, target);
    if (effect) await effectActions.toggleEffect(this.actor, effect);
  }

  static async #onEffectDelete(this: FangsActorSheet, _event: PointerEvent, target: HTMLElement) {
    const effect = effectActions.effectOf(this.actor, target);
    if (effect) await effectActions.deleteEffect(effect);
  }

  static async #onStatusToggle(this: FangsActorSheet, _event: PointerEvent, target: HTMLElement) {
    const id = target.closest<HTMLElement>("[data-status-id]")?.dataset.statusId;
    if (id) await effectActions.toggleStatus(this.actor, id);
  }
}

export class CharacterSheet extends FangsActorSheet {
  static override DEFAULT_OPTIONS = { classes: ["character"] };
}

/** The creature's full sheet, tab by tab as a character's: a GM may switch to it from the stat block. */
export class CreatureSheet extends FangsActorSheet {
  static override DEFAULT_OPTIONS = { classes: ["creature"] };
}

/**
 * The creature's compact stat block, its default sheet: one scroll a GM
 * running several creatures keeps open beside the others. Same context, same
 * actions and the same edit/play lock as the full sheet; only the parts differ.
 */
export class CreatureStatBlockSheet extends FangsActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["creature", "stat-block"],
    position: { width: 540, height: 680 },
  };

  static override PARTS = { ...STAT_BLOCK_PARTS };

  static override TABS = {};
}

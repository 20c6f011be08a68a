import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadExchange } from "../../../../../test/foundry/chat-fixtures";
import { setOwners, world } from "../../../../../test/foundry/chat-stand-in";
import { standIn } from "../../../../../test/foundry/setup";
import {
  badButtons,
  byAttr,
  byClass,
  duplicateIds,
  mouseOnlyActions,
  parse,
  text,
  unlabelledControls,
} from "../../../../../test/handlebars/html";
import { createTemplateRenderer } from "../../../../../test/handlebars/render";
import { writesSettled } from "../../../../documents/write-queue";
import { newRequestId, whilePending } from "../../../../requester";
import { LUNOS_DEFAULTS } from "../../../../rules/lunos/config";
import type { LunosPlan } from "../../../../rules/lunos/round-engine";
import { lunosActorSheetContext } from "./actor-context";
import { LUNOS_ACTOR_PARTS } from "./parts";
import { lunosActorData } from "./sheet-data";

/**
 * The Attack button of Lunos's actor sheet: drawn on the weapon the rules
 * fight with (or bare-handed when nothing is in hand) for the actor's
 * owner alone, and its action on the stand-in, which starts the attack
 * through the shared entry as the Token HUD does: the attack dialog for
 * the owner, and a refusal in words out of a started Lunos round or out
 * of the fighter's slot.
 */

type Loose = Record<string, unknown>;
type Doc = Actor.Implementation & { system: Loose };
type Card = ChatMessage.Implementation & { system: { toObject(): Loose } };
type SheetClass = typeof import("./actor-sheet").LunosActorSheet;
type Action = (this: unknown, event: unknown, target: unknown) => Promise<void>;

let LunosActorSheet: SheetClass;
let FangsCombat: typeof import("../../../../documents/combat").FangsCombat;

beforeAll(async () => {
  const { registerRulesetDefinition } = await import("../../../registry");
  const { lunosDefinition } = await import("../../index");
  registerRulesetDefinition(lunosDefinition);
  (await import("../../../../config/document-classes")).configureDocuments();
  await loadExchange();
  ({ FangsCombat } = await import("../../../../documents/combat"));
  ({ LunosActorSheet } = await import("./actor-sheet"));
});

beforeEach(() => {
  world.reset();
  standIn.game.settings.storage.set("fangs.ruleset", "lunos");
});
afterEach(() => {
  standIn.game.settings.storage.delete("fangs.ruleset");
});

const weapon = (name: string, equipped: boolean) => ({
  name,
  type: "lunosWeapon",
  system: { size: "medium", skill: "weapon", damageType: "wounding", quality: 0, equipped },
});

async function fighter(name: string, items: Loose[]): Promise<Doc> {
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: unknown): Promise<Doc> };
  return cls.create({
    name,
    type: "lunosCharacter",
    system: {
      abilities: { agility: 3, body: 2, reflexes: 3, willpower: 3 },
      skills: { combat: 2, brawl: 2, martialArts: 1, weapon: 3, athletics: 2 },
    },
    items,
  });
}

function render(actor: Doc, owner: boolean) {
  const renderer = createTemplateRenderer();
  const context = lunosActorSheetContext(lunosActorData(actor)!, {
    editable: owner,
    idPrefix: "sheet",
    rules: LUNOS_DEFAULTS,
    owner,
  });
  const html = Object.values(LUNOS_ACTOR_PARTS)
    .map((part) => renderer.render(part.template, context))
    .join("\n");
  return { html, missing: [...renderer.i18n.missing] };
}

const attackButtons = (html: string) =>
  byAttr(parse(html), "data-action", "lunosAttack").map((b) => b.attribs["aria-label"]);

describe("the sheet's Attack button", () => {
  it("is drawn on the weapon in hand for its owner alone, labelled, a button reached by keyboard", async () => {
    world.as(world.gm);
    // Two in hand: the rules fight with the first; the put-away one is never offered.
    const kell = await fighter("Kell", [
      weapon("Longsword", true),
      weapon("Dagger", true),
      weapon("Pike", false),
    ]);
    const owned = render(kell, true);
    expect(owned.missing).toEqual([]);
    expect(unlabelledControls(owned.html)).toEqual([]);
    expect(badButtons(owned.html)).toEqual([]);
    expect(mouseOnlyActions(owned.html)).toEqual([]);
    expect(duplicateIds(owned.html)).toEqual([]);
    expect(attackButtons(owned.html)).toEqual(["Attack with Longsword"]);
    const sword = byClass(parse(owned.html), "lunos-item").find((el) => text(el).includes("Longsword"))!;
    const button = byAttr(sword, "data-action", "lunosAttack")[0]!;
    expect([button.name, button.attribs.type, text(button)]).toEqual(["button", "button", "Attack"]);
    // No bare-handed row while a weapon is in hand: its dialog offers Brawl.
    expect(byAttr(parse(owned.html), "data-bare-handed")).toEqual([]);
    expect(attackButtons(render(kell, false).html)).toEqual([]);
  });

  it("with nothing in hand, the owner is offered the bare-handed attack (Brawl, bruising)", async () => {
    world.as(world.gm);
    const oren = await fighter("Oren", [weapon("Club", false)]);
    const { html, missing } = render(oren, true);
    expect(missing).toEqual([]);
    expect(unlabelledControls(html)).toEqual([]);
    expect(mouseOnlyActions(html)).toEqual([]);
    expect(attackButtons(html)).toEqual(["Attack bare-handed"]);
    const bare = byAttr(parse(html), "data-bare-handed")[0]!;
    expect(text(byClass(bare, "lunos-item__facts"))).toBe("Brawl · Bruising · Martial Arts as its rating");
    expect(byAttr(parse(render(oren, false).html), "data-bare-handed")).toEqual([]);
    // No weapon at all: the owner's list holds the bare hands, another's says there is none.
    const tam = await fighter("Tam", []);
    const weaponsOf = (html: string) => text(byClass(parse(html), "lunos-weapons")[0]!);
    expect(weaponsOf(render(tam, true).html)).not.toContain("No weapons.");
    expect(attackButtons(render(tam, true).html)).toEqual(["Attack bare-handed"]);
    expect(weaponsOf(render(tam, false).html)).toContain("No weapons.");
  });
});

const ARDEN = "arden00000000001";
const COLE = "cole000000000001";

/** n dice with s successes: the d6 first (4 a success, 2 not), the luck die last (7 a success, 2 not). */
function pool(n: number, s: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n - 1; i += 1) out.push(i < s ? 4 : 2);
  out.push(s >= n ? 7 : 2);
  return out;
}

/**
 * Arden (the player's) attacks Cole (the defender's) in a started combat
 * whose round is played through the table: Arden's slot first (two
 * successes on initiative), Cole defends (one success), the attacks begin.
 */
async function fight(arden: Doc, cole: Doc) {
  setOwners(arden, world.player.id);
  setOwners(cole, world.defender.id);
  const combat = new FangsCombat() as unknown as Combat.Implementation;
  const cls = CONFIG.Combatant.documentClass as unknown as new (
    id: string,
    name: string | null,
    actor: unknown,
  ) => { type: string };
  for (const [id, actor] of [
    [ARDEN, arden],
    [COLE, cole],
  ] as const) {
    const combatant = new cls(id, null, actor);
    combatant.type = "lunosCombatant";
    (combat as unknown as { add(c: unknown): void }).add(combatant);
  }
  world.combat = combat as never;
  world.dice.push(...pool(3, 2), ...pool(3, 0));
  await combat.startCombat();
  await writesSettled();
  const { askRoundAction } = await import("../../../../combat/round-ask");
  const attack: LunosPlan = { actions: [{ kind: "attack", targets: [COLE] }] };
  expect(await askRoundAction(combat, "declare", [ARDEN], attack)).toBe(true);
  const defend: LunosPlan = { actions: [{ kind: "defense", against: [ARDEN] }] };
  expect(await askRoundAction(combat, "declare", [COLE], defend)).toBe(true);
  world.dice.push(...pool(5, 1));
  await combat.nextTurn();
  await writesSettled();
  expect(world.dice).toEqual([]);
  return combat;
}

/** The sheet's `lunosAttack` action, clicked on the row of `itemId` (or the bare-handed button). */
async function click(actor: Doc, itemId: string | null) {
  const sheet = new LunosActorSheet({ document: actor } as never);
  // The stand-in's sheet has no ActorSheetV2 `actor` getter: the sheet's document, as Foundry's gives it.
  if (!sheet.actor) Object.defineProperty(sheet, "actor", { value: actor });
  const action = LunosActorSheet.DEFAULT_OPTIONS.actions!.lunosAttack as unknown as Action;
  const row = { dataset: { itemId } };
  const target = { dataset: itemId === null ? { bareHanded: "" } : {}, closest: () => row };
  await action.call(sheet, { shiftKey: false }, target);
}

/** The attack dialog as Foundry would show it: its content drawn from the real template, answered "roll". */
function showingDialog(answer: Loose | null) {
  const renderer = createTemplateRenderer();
  const apps = foundry.applications as unknown as {
    handlebars: { renderTemplate: unknown };
    api: { DialogV2?: unknown };
  };
  const saved = { render: apps.handlebars.renderTemplate, dialog: apps.api.DialogV2 };
  const shown: { title: string; content: string }[] = [];
  apps.handlebars.renderTemplate = async (path: string, context: object) => renderer.render(path, context);
  apps.api.DialogV2 = {
    wait: async (config: { window: { title: string }; content: string }) => {
      shown.push({ title: config.window.title, content: config.content });
      return answer;
    },
  };
  return {
    shown,
    missing: renderer.i18n.missing,
    restore() {
      apps.handlebars.renderTemplate = saved.render;
      apps.api.DialogV2 = saved.dialog;
    },
  };
}

const cards = (): Card[] =>
  [...standIn.game.messages].filter(
    (m) => (m as { type: string }).type === "lunosAttack",
  ) as unknown as Card[];

describe("the sheet's Attack action on the stand-in", () => {
  it("opens the attack dialog for the owner in its slot; its answer posts the card", async () => {
    world.as(world.gm);
    const arden = await fighter("Arden", [weapon("Longsword", true)]);
    const cole = await fighter("Cole", [weapon("Longsword", true)]);
    await fight(arden, cole);
    const dialog = showingDialog({ [`target-${COLE}`]: "on", skill: "weapon", rollMode: "publicroll" });
    try {
      world.as(world.player);
      world.dice.push(...pool(6, 3));
      await click(arden, arden.items.find((i) => i.name === "Longsword")!.id!);
    } finally {
      dialog.restore();
    }
    expect(world.notices).toEqual([]);
    expect(dialog.shown.map((d) => d.title)).toEqual(["Attack with the Longsword"]);
    expect([...dialog.missing]).toEqual([]);
    const drawn = parse(dialog.shown[0]!.content);
    expect(text(byClass(drawn, "lunos-attack-dialog__heading")[0]!)).toBe("Arden attacks with the Longsword");
    expect(byAttr(drawn, "name", `target-${COLE}`)).toHaveLength(1);
    expect(cards().map((c) => c.system.toObject().attacker)).toEqual([
      { combatantId: ARDEN, actorUuid: arden.uuid, name: "Arden" },
    ]);
  });

  it("the tracker row's Attack button opens the same dialog for the owner in its slot; its answer posts the card", async () => {
    world.as(world.gm);
    const arden = await fighter("Arden", [weapon("Longsword", true)]);
    const cole = await fighter("Cole", [weapon("Longsword", true)]);
    const combat = await fight(arden, cole);
    const dialog = showingDialog({ [`target-${COLE}`]: "on", skill: "weapon", rollMode: "publicroll" });
    const { lunosRowClick } = await import("../../combat/round-menu");
    try {
      world.as(world.player);
      world.dice.push(...pool(6, 3));
      const target = { closest: (selector: string) => (selector === "[data-lunos-attack]" ? {} : null) };
      const opened = await lunosRowClick({
        combatant: combat.combatants.get(ARDEN)!,
        target,
        viewer: { isGM: false, owner: true },
        ask: async () => false,
      } as never);
      expect(opened).toBeNull();
    } finally {
      dialog.restore();
    }
    expect(world.notices).toEqual([]);
    expect(dialog.shown.map((d) => d.title)).toEqual(["Attack with the Longsword"]);
    expect(cards().map((c) => c.system.toObject().attacker)).toEqual([
      { combatantId: ARDEN, actorUuid: arden.uuid, name: "Arden" },
    ]);
  });

  it("forgoing the damage with no maneuver declared is refused in words before anything is sent", async () => {
    world.as(world.gm);
    const arden = await fighter("Arden", [weapon("Longsword", true)]);
    const cole = await fighter("Cole", [weapon("Longsword", true)]);
    await fight(arden, cole);
    const dialog = showingDialog({
      [`target-${COLE}`]: "on",
      skill: "weapon",
      declared: "",
      forgoDamage: "1",
      rollMode: "publicroll",
    });
    try {
      world.as(world.player);
      await click(arden, arden.items.contents[0]!.id!);
    } finally {
      dialog.restore();
    }
    expect(world.notices).toEqual(["Forgoing the damage needs a maneuver declared before the roll."]);
    // Not in a grapple: the dialog offered no Pin nor Choke.
    const offered = byAttr(parse(dialog.shown[0]!.content), "name", "declared").flatMap((s) =>
      byAttr(s, "value").map((o) => o.attribs.value),
    );
    expect(offered).toContain("trip");
    expect(offered).not.toContain("pin");
    expect(offered).not.toContain("choke");
    expect(cards()).toEqual([]);
  });

  it("bare-handed: the dialog offers Brawl alone, and the card is a bare-handed blow", async () => {
    world.as(world.gm);
    const arden = await fighter("Arden", [weapon("Longsword", false)]);
    const cole = await fighter("Cole", [weapon("Longsword", true)]);
    await fight(arden, cole);
    const dialog = showingDialog({ [`target-${COLE}`]: "on", skill: "brawl", rollMode: "publicroll" });
    try {
      world.as(world.player);
      // Agility 3 + Brawl 2: five dice, the luck die last.
      world.dice.push(...pool(5, 3));
      await click(arden, null);
    } finally {
      dialog.restore();
    }
    expect(world.notices).toEqual([]);
    expect(dialog.shown.map((d) => d.title)).toEqual(["Attack bare-handed"]);
    const skills = byAttr(parse(dialog.shown[0]!.content), "name", "skill");
    expect(byAttr(skills[0]!, "value").map((o) => o.attribs.value)).toEqual(["brawl"]);
    const card = cards()[0]!.system.toObject() as { weaponName: string; attack: { skill: string } };
    expect([card.weaponName, card.attack.skill]).toEqual(["", "brawl"]);
  });

  it("a bare-handed request sent by hand: nothing in hand, and Brawl; an item id of another shape is no request", async () => {
    world.as(world.gm);
    const arden = await fighter("Arden", [weapon("Longsword", true)]);
    const cole = await fighter("Cole", [weapon("Longsword", true)]);
    const combat = await fight(arden, cole);
    const send = (patch: Loose) => {
      world.as(world.player);
      const payload = {
        userId: world.player.id,
        requestId: newRequestId(),
        combatId: combat.id,
        combatantId: ARDEN,
        itemId: "",
        targets: [COLE],
        skill: "brawl",
        declared: "",
        forgoDamage: false,
        rollMode: "publicroll",
        ...patch,
      };
      const subject = { query: "fangs.lunosAttack", subject: `${combat.id}:${ARDEN}` };
      return whilePending(payload.requestId, subject, () =>
        world.gm.query("fangs.lunosAttack" as never, payload as never),
      );
    };
    // A sword in hand: the attack is the sword's (its dialog offers Brawl), not a bare-handed request.
    expect(await send({})).toMatchObject({ ok: false, key: "LUNOS.Chat.Refusal.NotWielded" });
    world.as(world.gm);
    await arden.items.contents[0]!.update({ "system.equipped": false } as never);
    expect(await send({ skill: "weapon" })).toMatchObject({
      ok: false,
      key: "LUNOS.Chat.Refusal.NotWielded",
    });
    expect(await send({ itemId: null })).toMatchObject({ ok: false, key: "FANGS.Chat.Refusal.Invalid" });
    expect(await send({ itemId: "not an id" })).toMatchObject({
      ok: false,
      key: "FANGS.Chat.Refusal.Invalid",
    });
    expect(cards()).toEqual([]);
    // Nothing in hand, Brawl: posted, bare-handed.
    world.dice.push(...pool(5, 3));
    expect(await send({})).toMatchObject({ ok: true });
    const card = cards()[0]!.system.toObject() as { weaponName: string; attack: { skill: string } };
    expect([card.weaponName, card.attack.skill]).toEqual(["", "brawl"]);
  });

  it("refuses in words out of a started combat and out of the fighter's slot; nothing is posted", async () => {
    world.as(world.gm);
    const arden = await fighter("Arden", [weapon("Longsword", true)]);
    const cole = await fighter("Cole", [weapon("Longsword", true)]);
    setOwners(arden, world.player.id);
    const dialog = showingDialog(null);
    try {
      world.as(world.player);
      await click(arden, arden.items.contents[0]!.id!);
      expect(world.notices).toEqual(["This fighter is in no started combat."]);
      world.notices.length = 0;
      world.as(world.gm);
      await fight(arden, cole);
      // Arden's slot: Cole's owner clicks Attack on Cole's sheet, Shift held as the player may.
      world.as(world.defender);
      const sheet = new LunosActorSheet({ document: cole } as never);
      if (!sheet.actor) Object.defineProperty(sheet, "actor", { value: cole });
      const action = LunosActorSheet.DEFAULT_OPTIONS.actions!.lunosAttack as unknown as Action;
      const row = { dataset: { itemId: cole.items.contents[0]!.id } };
      await action.call(sheet, { shiftKey: true }, { dataset: {}, closest: () => row });
      expect(world.notices).toEqual(["It is not Cole's turn."]);
      // No dialog for either refusal: the first stops before it, the second skips it (Shift).
      expect(dialog.shown).toEqual([]);
    } finally {
      dialog.restore();
    }
    expect(cards()).toEqual([]);
  });
});

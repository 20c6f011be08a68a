// Foundry's sheet bases are there before the system loads (the setup below loads every ruleset's sheets).
import "../../../../../test/foundry/form-sheets";
import "../../../../../test/foundry/setup";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, createItem, createPack, weapon } from "../../../../../test/foundry/builders";
import type { DocumentSheetStandIn } from "../../../../../test/foundry/form-sheets";
import { resetWorld, standIn } from "../../../../../test/foundry/setup";

/*
 * A form change on a sheet, through the steps Foundry's document sheet takes
 * (public API of ApplicationV2 and DocumentSheetV2): `_prepareSubmitData`
 * reads the form and validates the whole change against the document,
 * `_processSubmitData` writes it; an error either step throws is shown by
 * the application as its own notification. The sheets' rolls and combat
 * links are not what is tested here.
 */
vi.mock("../../../../chat", () => ({ startAttack: vi.fn() }));
vi.mock("../../chat/check-card", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../chat/check-card")>()),
  postCheck: vi.fn(),
}));
vi.mock("../../../../documents/combatant", () => ({ FangsCombatant: { of: () => null } }));

type SheetClass = new (options: { document: unknown }) => DocumentSheetStandIn;
let CharacterSheet: SheetClass;
let WeaponSheet: SheetClass;

beforeAll(async () => {
  CharacterSheet = (await import("./actor-sheet")).CharacterSheet as unknown as SheetClass;
  WeaponSheet = (await import("./item-sheet")).WeaponSheet as unknown as SheetClass;
});

beforeEach(() => {
  resetWorld();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const errors = () => standIn.ui.notifications.shown.filter((n) => n.type === "error").map((n) => n.message);

describe("a sheet's form change the data model refuses", () => {
  it("says why in the user's words, stores nothing and shows the stored value again (item sheet)", async () => {
    const sword = await createItem(weapon("Broadsword", { damage: "1d8+2" }));
    const sheet = new WeaponSheet({ document: sword });
    await sheet.change({ name: "Broadsword", "system.damage": "1d8+", "system.reach": 1 });
    expect(sword.toObject().system).toMatchObject({ damage: "1d8+2" });
    expect(errors()).toEqual([
      "Broadsword: Damage must be a dice formula such as 1d8+2. The change was not saved.",
    ]);
    expect(sheet.renders).toBe(1);
  });

  it.each([
    ["0", 0, "Strength must be a whole number from 1 to 999"],
    ["a cleared box", null, "Strength must be a whole number from 1 to 999"],
  ])("refuses a characteristic of %s the same way (actor sheet)", async (_what, value, reason) => {
    const actor = await createActor({ characteristics: { st: 14 } });
    const sheet = new CharacterSheet({ document: actor });
    await sheet.change({
      name: actor.name,
      "system.characteristics.st": value,
      "system.characteristics.ag": 12,
    });
    expect(actor.toObject().system).toMatchObject({ characteristics: { st: 14, ag: 10 } });
    expect(errors()).toEqual([`Gru the Sellsword: ${reason}. The change was not saved.`]);
    expect(sheet.renders).toBe(1);
  });

  it("names the item and its field for an item in a world compendium too", async () => {
    const pack = createPack({
      id: "world.gear",
      type: "Item",
      packageType: "world",
      documents: [weapon("Broadsword", { damage: "1d8+2" })],
    });
    const [sword] = await pack.getDocuments();
    const sheet = new WeaponSheet({ document: sword });
    await sheet.change({ name: "Broadsword", "system.damage": "2d" });
    expect(errors()).toEqual([
      "Broadsword: Damage must be a dice formula such as 1d8+2. The change was not saved.",
    ]);
    expect(sheet.renders).toBe(1);
  });

  it("stores a good change without a notice or an extra render", async () => {
    const actor = await createActor({ characteristics: { st: 14 } });
    const sheet = new CharacterSheet({ document: actor });
    await sheet.change({ name: actor.name, "system.characteristics.st": 15 });
    expect(actor.toObject().system).toMatchObject({ characteristics: { st: 15 } });
    expect(standIn.ui.notifications.shown).toEqual([]);
    expect(sheet.renders).toBe(0);
  });
});

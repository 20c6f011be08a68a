// Foundry's sheet bases are there before the system loads (the setup below loads every ruleset's sheets).
import "../../../test/foundry/form-sheets";
import "../../../test/foundry/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetWorld } from "../../../test/foundry/setup";
import { LunosManeuverSheet } from "../../rulesets/lunos/apps/sheets/item-sheet";
import { ShareneStyleSheet } from "../../rulesets/sharene/apps/sheets/item-sheet";
import { type ItemSheetBasics, RulesetItemSheet } from "./ruleset-item-sheet";

/*
 * What every ruleset's item sheet shares (FANGS's, Sharene's, Lunos's):
 * Foundry's context with the ruleset's added, the description enriched for
 * the viewer, the portrait picked only on an editable sheet. Foundry's
 * editor and file picker are stood in for here: what the sheet asks of
 * them is what is checked.
 */

type Obj = Record<string, unknown>;
interface StandInItem {
  id: string;
  name: string;
  type: string;
  img: string | null;
  isOwner: boolean;
  toObject(): Obj & { system: Obj };
}
interface SheetUnderTest {
  _prepareContext(options: object): Promise<Obj>;
  readonly isEditable: boolean;
}

const enriched: { text: string; options: Obj }[] = [];
const pickers: { options: Obj; browsed: boolean }[] = [];
const applications = foundry.applications as unknown as Obj;
const saved = { ux: applications.ux, apps: applications.apps };

beforeEach(() => {
  resetWorld();
  enriched.length = 0;
  pickers.length = 0;
  applications.ux = {
    TextEditor: {
      implementation: {
        enrichHTML: async (text: string, options: Obj) => {
          enriched.push({ text, options });
          return `<p>${text}</p>`;
        },
      },
    },
  };
  applications.apps = {
    FilePicker: {
      implementation: class {
        readonly record: { options: Obj; browsed: boolean };
        constructor(options: Obj) {
          this.record = { options, browsed: false };
          pickers.push(this.record);
        }
        async browse() {
          this.record.browsed = true;
        }
      },
    },
  };
});
afterEach(() => {
  applications.ux = saved.ux;
  applications.apps = saved.apps;
  vi.restoreAllMocks();
});

async function itemOf(data: Obj): Promise<StandInItem> {
  const cls = CONFIG.Item.documentClass as unknown as { create(data: Obj): Promise<StandInItem | undefined> };
  const item = await cls.create(data);
  if (!item) throw new Error("the item was not created");
  return item;
}

/** A ruleset's sheet that knows one type, reporting what it was given. */
function sheetClass(editable = true) {
  const given: ItemSheetBasics[] = [];
  class TestSheet extends (RulesetItemSheet as unknown as new (options: { document: unknown }) => object) {
    get isEditable() {
      return editable;
    }
    async itemContext(this: { item: StandInItem }, basics: ItemSheetBasics) {
      given.push(basics);
      if (this.item.type !== "lunosWeapon") return null;
      return { description: await basics.enrich("A <b>keen</b> edge"), editable: basics.editable };
    }
  }
  return { Sheet: TestSheet as unknown as new (options: { document: unknown }) => SheetUnderTest, given };
}

/** A sheet class's context for an item, as Foundry asks it before each render. */
const contextOf = (Sheet: unknown, item: StandInItem) =>
  new (Sheet as new (options: { document: unknown }) => SheetUnderTest)({ document: item })._prepareContext(
    {},
  );

const SWORD = { name: "Longsword", type: "lunosWeapon", system: { size: "medium", skill: "weapon" } };

describe("a ruleset's item sheet's context", () => {
  it("is Foundry's with the ruleset's added, the sheet's id its prefix and the description enriched for this viewer", async () => {
    const sword = await itemOf(SWORD);
    const { Sheet, given } = sheetClass();
    const context = await new Sheet({ document: sword })._prepareContext({});
    expect(context).toMatchObject({
      document: sword,
      editable: true,
      description: "<p>A <b>keen</b> edge</p>",
    });
    expect(given.map(({ editable, idPrefix }) => ({ editable, idPrefix }))).toEqual([
      { editable: true, idPrefix: `sheet-${sword.id}` },
    ]);
    expect(enriched).toEqual([
      { text: "A <b>keen</b> edge", options: { secrets: sword.isOwner, relativeTo: sword } },
    ]);
  });

  it("is Foundry's alone for an item that is not one of the ruleset's types", async () => {
    const mail = await itemOf({ name: "Mail", type: "lunosArmor", system: { rating: 2, kind: "rigid" } });
    const { Sheet } = sheetClass();
    const context = await new Sheet({ document: mail })._prepareContext({});
    expect(context).toEqual({ document: mail, editable: true });
  });

  it("enriches an empty description as an empty text", async () => {
    const sword = await itemOf(SWORD);
    const { Sheet, given } = sheetClass();
    await new Sheet({ document: sword })._prepareContext({});
    expect(await given[0]!.enrich(undefined)).toBe("<p></p>");
    expect(await given[0]!.enrich(null)).toBe("<p></p>");
  });
});

describe("a ruleset's item sheet's portrait", () => {
  const editPortrait = () =>
    (
      RulesetItemSheet as unknown as {
        DEFAULT_OPTIONS: { actions: { editPortrait: (this: object) => void } };
      }
    ).DEFAULT_OPTIONS.actions.editPortrait;

  it("opens the image picker on the item's image, and the image picked is stored", async () => {
    const sword = await itemOf({ ...SWORD, img: "icons/sword.webp" });
    const { Sheet } = sheetClass(true);
    editPortrait().call(new Sheet({ document: sword }));
    expect(pickers).toHaveLength(1);
    expect(pickers[0]).toMatchObject({
      options: { type: "image", current: "icons/sword.webp" },
      browsed: true,
    });
    (pickers[0]!.options.callback as (path: string) => void)("icons/blade.webp");
    await vi.waitFor(() => expect(sword.img).toBe("icons/blade.webp"));
  });

  it("is not offered on a sheet the viewer cannot edit", async () => {
    const sword = await itemOf(SWORD);
    const { Sheet } = sheetClass(false);
    editPortrait().call(new Sheet({ document: sword }));
    expect(pickers).toEqual([]);
  });
});

describe("Sharene's and Lunos's item sheets through it", () => {
  it("a Lunos maneuver entry: its context from Lunos's heavy part, its description enriched", async () => {
    const entry = await itemOf({
      name: "Feint",
      type: "lunosManeuver",
      system: { maneuver: "grapple", description: "Draw the guard aside." },
    });
    const context = await contextOf(LunosManeuverSheet, entry);
    expect(context).toMatchObject({ document: entry, editable: true });
    expect(JSON.stringify(context)).toContain("<p>Draw the guard aside.</p>");
    expect(enriched.map((e) => e.text)).toEqual(["Draw the guard aside."]);
  });

  it("a Sharene style entry: its context from Sharene's heavy part, its description enriched", async () => {
    const entry = await itemOf({
      name: "Stone Guard",
      type: "shareneStyle",
      system: { style: "attackParry", description: "Hold the line." },
    });
    const context = await contextOf(ShareneStyleSheet, entry);
    expect(context).toMatchObject({ document: entry, editable: true });
    expect(JSON.stringify(context)).toContain("<p>Hold the line.</p>");
  });

  it("a Sharene sheet asked to draw a Lunos item keeps Foundry's context alone", async () => {
    const sword = await itemOf(SWORD);
    const context = await contextOf(ShareneStyleSheet, sword);
    expect(context).toEqual({ document: sword, editable: true });
    expect(enriched).toEqual([]);
  });
});

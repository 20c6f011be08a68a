import "../../../../../test/foundry/setup";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "../../../../../test/foundry/builders";
import { resetWorld } from "../../../../../test/foundry/setup";
import { actorDataOf } from "./document-data";

/*
 * The Effects tab's buttons through the actor sheet's own action handlers,
 * on the Foundry stand-in; what the tab shows is tested on the rendered
 * templates (test/handlebars/sheets.test.ts).
 */
vi.mock("../../../../chat", () => ({ startAttack: vi.fn() }));
vi.mock("../../chat/check-card", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../chat/check-card")>()),
  postCheck: vi.fn(),
}));
vi.mock("../../../../documents/combatant", () => ({ FangsCombatant: { of: () => null } }));

type Obj = Record<string, unknown>;
type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

class SheetStandIn {
  static DEFAULT_OPTIONS = {};
  static PARTS = {};
  static TABS = {};
  constructor(readonly options: { document: unknown }) {}
  get actor() {
    return this.options.document;
  }
  get isEditable() {
    return true;
  }
}

let actions: Record<string, Handler>;

beforeAll(async () => {
  const g = globalThis as unknown as { foundry: Obj };
  g.foundry.applications = {
    ...(g.foundry.applications as Obj | undefined),
    api: { HandlebarsApplicationMixin: <B>(base: B) => base },
    sheets: { ActorSheetV2: SheetStandIn, ItemSheetV2: SheetStandIn },
  };
  const { FangsActorSheet } = await import("./actor-sheet");
  actions = FangsActorSheet.DEFAULT_OPTIONS.actions as unknown as Record<string, Handler>;
});

beforeEach(() => resetWorld());

/** A clicked button and the row around it, as the handlers read them. */
function button(data: Record<string, string>) {
  return { dataset: data, closest: () => ({ dataset: data }) };
}

describe("the Effects tab's buttons", () => {
  it("a status button puts the status on the actor, and a second press takes it off", async () => {
    const actor = await createActor();
    const sheet = new SheetStandIn({ document: actor });
    await actions.statusToggle!.call(sheet, null, button({ statusId: "prone" }));
    expect([...actor.statuses]).toEqual(["prone"]);
    await actions.statusToggle!.call(sheet, null, button({ statusId: "prone" }));
    expect([...actor.statuses]).toEqual([]);
  });

  it("each section's Add makes an effect of its kind: temporary with a duration, inactive switched off", async () => {
    const actor = await createActor();
    const sheet = new SheetStandIn({ document: actor });
    await actions.effectCreate!.call(sheet, null, button({ section: "temporary" }));
    await actions.effectCreate!.call(sheet, null, button({ section: "inactive" }));
    const made = [...actor.effects].map((e) => (e as unknown as { data: Obj }).data);
    expect(made).toMatchObject([
      { name: "New effect", disabled: false, duration: { rounds: 1 }, origin: actor.uuid },
      { name: "New effect", disabled: true },
    ]);
    expect(made[1]).not.toHaveProperty("duration");
  });

  it("the sheet's data lists the actor's effects and the world's statuses, the actor's marked", async () => {
    const actor = await createActor();
    await actor.toggleStatusEffect("stunned");
    CONFIG.statusEffects = [
      { id: "stunned", name: "FANGS.Status.Stunned", img: "stunned.svg" },
      { id: "blind", name: "EFFECT.StatusBlind", img: "blind.svg" },
    ] as never;
    const data = actorDataOf(actor as unknown as Actor.Implementation);
    expect(data.effects?.map((e) => [e.name, e.item])).toEqual([["stunned", null]]);
    expect(data.statuses?.map((s) => [s.id, s.active])).toEqual([
      ["stunned", true],
      ["blind", false],
    ]);
  });
});

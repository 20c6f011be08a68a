import "../test/foundry/setup";
import { standIn } from "../test/foundry/setup";
import { Actor as StandInActor } from "../test/foundry/stand-in";
import { registerEncounterOdds } from "./apps/encounter-odds";
import { registerRulesetMenu } from "./apps/settings/ruleset-menu";
import { registerExchange } from "./chat";
import { registerCombat } from "./combat";
import { migrateWorldWhenDue } from "./data/world-migration-gate";
import { FangsActor } from "./documents/actor";
import { registerEncounters } from "./encounters";
import { registerSheets } from "./rulesets/fangs/apps/sheets";
import "./fangs";
import { loadQuenchBatches, preloadRuleset } from "./on-demand";
import { registerRulesetDefinition } from "./rulesets/registry";

// The UI parts extend Foundry's application classes at load, which the
// stand-in does not provide; each registration the entry file calls is
// replaced by a spy here (add one when the entry file gains one).
vi.mock("./rulesets/fangs/apps/sheets", () => ({ registerSheets: vi.fn() }));
vi.mock("./apps/encounter-odds", () => ({ registerEncounterOdds: vi.fn() }));
vi.mock("./apps/settings/ruleset-menu", () => ({ registerRulesetMenu: vi.fn(), registerMenu: vi.fn() }));
vi.mock("./combat", () => ({ registerCombat: vi.fn() }));
vi.mock("./chat", () => ({ registerExchange: vi.fn() }));
vi.mock("./encounters", () => ({ registerEncounters: vi.fn() }));
vi.mock("./data/world-migration-gate", () => ({ migrateWorldWhenDue: vi.fn(async () => undefined) }));
const registerBatches = vi.fn();
vi.mock("./on-demand", () => ({
  loadQuenchBatches: vi.fn(async () => ({ registerBatches })),
  preloadRuleset: vi.fn(),
  // A loader a module makes at load (FANGS's exchange card's drawing): made, never called here.
  onDemand: (load: () => Promise<unknown>) => load,
}));

describe("the entry file", () => {
  it("registers documents, statuses, settings, the UI parts and every ruleset's own init on init, once", () => {
    // A second ruleset, registered as a ruleset's module does before `init`: its own start-up runs too.
    const probeInit = vi.fn();
    registerRulesetDefinition({
      id: "probe",
      rules: { id: "probe", labelKey: "PROBE.Ruleset", phases: [], turnOrder: () => [] },
      langPrefix: "PROBE",
      documents: {
        Actor: {},
        Item: {},
        ChatMessage: {},
        combatant: { type: "probeCombatant", model: class {} },
      },
      statuses: [],
      init: probeInit,
    });
    CONFIG.Actor.documentClass = StandInActor as never;
    CONFIG.statusEffects = [];
    standIn.game.settings.settings.clear();
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    Hooks.callAll("init");
    expect(CONFIG.Actor.documentClass).toBe(FangsActor);
    expect(CONFIG.FANGS.statuses).toHaveLength(11);
    expect(CONFIG.FANGS.statuses.map((s) => s.id)).toContain("immobilized");
    expect(standIn.game.settings.settings.has("fangs.rules")).toBe(true);
    // FANGS's init is its sheets' start-up.
    expect(registerSheets).toHaveBeenCalledTimes(1);
    expect(probeInit).toHaveBeenCalledTimes(1);
    expect(registerCombat).toHaveBeenCalledTimes(1);
    expect(registerExchange).toHaveBeenCalledTimes(1);
    expect(registerEncounterOdds).toHaveBeenCalledTimes(1);
    expect(registerRulesetMenu).toHaveBeenCalledTimes(1);
    expect(registerEncounters).toHaveBeenCalledTimes(1);
    Hooks.callAll("init");
    expect(registerSheets).toHaveBeenCalledTimes(1);
    expect(probeInit).toHaveBeenCalledTimes(1);
  });

  it("reads CONFIG.FANGS at setup, after modules extended it in their own init", () => {
    // What a module's init hook, run after the system's, does.
    CONFIG.FANGS.statuses.push({ id: "bleeding", name: "MYMODULE.Bleeding", img: "bleeding.svg" });
    CONFIG.FANGS.actorTypes.creature = "MYMODULE.Monster";
    expect(CONFIG.statusEffects).toEqual([]);
    Hooks.callAll("setup");
    expect(CONFIG.statusEffects.map((s) => s.id)).toContain("bleeding");
    expect(CONFIG.statusEffects).toHaveLength(12);
    expect(CONFIG.Actor.typeLabels.creature).toBe("MYMODULE.Monster");
  });

  it("asks on ready whether the world migration is due (src/data/world-migration-gate.ts)", () => {
    expect(migrateWorldWhenDue).not.toHaveBeenCalled();
    Hooks.callAll("ready");
    expect(migrateWorldWhenDue).toHaveBeenCalledTimes(1);
  });

  it("starts loading the heavy part of the world's ruleset on ready, once (src/on-demand.ts)", () => {
    // The ready hook ran in the test above, with the "Combat rules" setting at its default.
    expect(preloadRuleset).toHaveBeenCalledTimes(1);
    expect(preloadRuleset).toHaveBeenCalledWith("fangs");
    Hooks.callAll("ready");
    expect(preloadRuleset).toHaveBeenCalledTimes(1);
  });

  it("loads and registers the scenario batches only when the Quench runner announces itself", async () => {
    Hooks.callAll("init");
    Hooks.callAll("ready");
    expect(loadQuenchBatches).not.toHaveBeenCalled();
    const quench = { registerBatch: vi.fn() };
    Hooks.callAll("quenchReady", quench);
    await vi.waitFor(() => expect(registerBatches).toHaveBeenCalledWith(quench));
    expect(loadQuenchBatches).toHaveBeenCalledTimes(1);
  });
});

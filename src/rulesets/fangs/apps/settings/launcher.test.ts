import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The settings window's "FANGS rules options" button: Foundry constructs and
 * renders the class registered with registerMenu; that class loads the real
 * window (with FANGS's heavy part) and renders it, or brings the open one
 * forward. The heavy part is replaced here by the window alone (rules-menu-app.ts): its
 * view, form and save are tested in options.test.ts and save.test.ts.
 */

const rendered: { window: object; options: unknown }[] = [];
vi.mock("../../../fangs-heavy", () => ({
  effectKinds: [],
  effectAttachments: [],
  RulesOptionsMenu: class {
    async render(options: unknown) {
      rendered.push({ window: this, options });
      return this;
    }
  },
}));

type Dict = Record<string, unknown>;
const g = globalThis as Dict;
const saved = { foundry: g.foundry, game: g.game };
const menus = new Map<string, Dict>();
const instances = new Map<string, object>();
let settings: typeof import("./index");

beforeAll(async () => {
  g.foundry = {
    applications: {
      api: { ApplicationV2: class {} },
      instances,
    },
    abstract: { DataModel: class {} },
    data: { fields: new Proxy({}, { get: () => class {} }) },
  };
  g.game = {
    settings: {
      register: () => undefined,
      registerMenu: (scope: string, key: string, data: Dict) => menus.set(`${scope}.${key}`, data),
    },
  };
  settings = await import("./index");
  // The loader asks FANGS's definition for its heavy part: registered here with that alone.
  const { registerRulesetDefinition } = await import("../../../registry");
  const { loadFangsHeavy } = await import("../../heavy");
  registerRulesetDefinition({
    id: "fangs",
    rules: { id: "fangs", labelKey: "FANGS.Ruleset", phases: [], turnOrder: () => [] },
    langPrefix: "FANGS",
    documents: { Actor: {}, Item: {}, ChatMessage: {}, combatant: { type: "base", model: class {} } },
    statuses: [],
    loadHeavy: loadFangsHeavy,
  });
});

afterAll(() => {
  g.foundry = saved.foundry;
  g.game = saved.game;
});

beforeEach(() => {
  rendered.length = 0;
  instances.clear();
});

describe("the rules options menu button", () => {
  it("registers a GM-only menu whose class is the launcher", () => {
    settings.registerRulesMenu();
    expect(menus.get(`fangs.${settings.RULES_MENU_KEY}`)).toMatchObject({
      type: settings.RulesMenuLauncher,
      restricted: true,
      label: "FANGS.Setting.RulesMenu.Label",
    });
  });

  it("opens the rules options window, loaded on first use, and forces it to render", async () => {
    const { RulesOptionsMenu } = await import("../../../fangs-heavy");
    await new settings.RulesMenuLauncher().render();
    expect(rendered).toHaveLength(1);
    expect(rendered[0]!.window).toBeInstanceOf(RulesOptionsMenu);
    expect(rendered[0]!.options).toEqual({ force: true });
  });

  it("brings the open window forward as it is (unsaved edits stay) instead of rendering it again", async () => {
    const open = { render: vi.fn(async () => open), bringToFront: vi.fn() };
    instances.set(settings.RULES_MENU_ID, open);
    await new settings.RulesMenuLauncher().render();
    expect(open.bringToFront).toHaveBeenCalledTimes(1);
    expect(open.render).not.toHaveBeenCalled();
    expect(rendered).toHaveLength(0);
  });

  it("opens one window for two quick clicks while its code loads", async () => {
    await Promise.all([new settings.RulesMenuLauncher().render(), new settings.RulesMenuLauncher().render()]);
    expect(rendered).toHaveLength(1);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { loadRuleset, loadTableAuthority, onDemand, preloadRuleset } from "./on-demand";
import { getEffectKind } from "./rules/kernel/effect-kinds";
import { loadFangsHeavy } from "./rulesets/fangs/heavy";
import { type RulesetDefinition, registerRulesetDefinition } from "./rulesets/registry";

// The real modules extend Foundry's classes at load; what the loaders hand out is what matters here.
const loads = vi.hoisted(() => ({ fangs: 0, authority: 0 }));
vi.mock("./rulesets/fangs-heavy", () => {
  loads.fangs += 1;
  return { startAttack: () => "attack", effectKinds: [], effectAttachments: [] };
});
vi.mock("./table-authority", () => {
  loads.authority += 1;
  return { handleExchangeQuery: () => "step" };
});

/**
 * The loaders of src/on-demand.ts: a chunk is fetched once, and a failed
 * fetch (typically: the system was updated and the old chunk is gone) tells
 * the user to reload instead of failing silently, then lets a later click
 * try again.
 */

type Dict = Record<string, unknown>;
const g = globalThis as Dict;

function installNotifications() {
  const errors: { message: string; options: unknown }[] = [];
  g.game = { i18n: { localize: (key: string) => `<${key}>` } };
  g.ui = {
    notifications: { error: (message: string, options: unknown) => errors.push({ message, options }) },
  };
  return errors;
}

afterEach(() => {
  delete g.game;
  delete g.ui;
  vi.restoreAllMocks();
});

describe("on-demand loaders", () => {
  it("load a chunk once and give every caller the same module", async () => {
    const module = { run: () => 1 };
    const load = vi.fn(async () => module);
    const loader = onDemand(load);
    const [a, b] = await Promise.all([loader(), loader()]);
    expect(await loader()).toBe(module);
    expect(a).toBe(module);
    expect(b).toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("say to reload when a chunk cannot be fetched, and try again on the next call", async () => {
    const errors = installNotifications();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const gone = new TypeError("Failed to fetch dynamically imported module");
    const load = vi.fn().mockRejectedValueOnce(gone).mockResolvedValueOnce({ ok: true });
    const loader = onDemand(load);
    await expect(loader()).rejects.toBe(gone);
    expect(errors).toEqual([{ message: "<FANGS.System.LoadFailed>", options: { permanent: true } }]);
    await expect(loader()).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

/** A ruleset with nothing but a heavy part, registered as any ruleset's module registers itself. */
function stub(id: string, loadHeavy?: () => Promise<unknown>): RulesetDefinition {
  return {
    id,
    rules: { id, labelKey: `${id}.Ruleset`, phases: [], turnOrder: () => [] },
    langPrefix: id.toUpperCase(),
    documents: {
      Actor: {},
      Item: {},
      ChatMessage: {},
      combatant: { type: `${id}Combatant`, model: class {} },
    },
    statuses: [],
    ...(loadHeavy ? { loadHeavy } : {}),
  };
}

const drain = { id: "stubDrain", apply: () => [], invert: () => [] } as never;

describe("a ruleset's heavy part, through its definition's loadHeavy", () => {
  it("loads once, whether it was preloaded on ready or asked for first by a click, and registers its effect kinds", async () => {
    const part = { run: () => "ran", effectKinds: [drain] };
    const loadHeavy = vi.fn(async () => part);
    registerRulesetDefinition(stub("stub", loadHeavy));
    expect(getEffectKind("stubDrain")).toBeUndefined();
    preloadRuleset("stub");
    const [a, b] = await Promise.all([loadRuleset("stub"), loadRuleset("stub")]);
    expect(a).toBe(part);
    expect(b).toBe(part);
    expect(loadHeavy).toHaveBeenCalledTimes(1);
    expect(getEffectKind("stubDrain")).toBe(drain);
  });

  it("FANGS's loadHeavy imports its barrel, src/rulesets/fangs-heavy.ts", async () => {
    const part = await loadFangsHeavy();
    expect(part.startAttack).toBeTypeOf("function");
    expect(loads.fangs).toBe(1);
  });

  it("is not looked for in a world whose ruleset has none; asked for, it fails naming the ruleset", async () => {
    registerRulesetDefinition(stub("light"));
    expect(() => preloadRuleset("light")).not.toThrow();
    expect(() => preloadRuleset("another")).not.toThrow();
    expect(() => preloadRuleset("toString")).not.toThrow();
    await expect(loadRuleset("light")).rejects.toThrow('"light" has no heavy part');
    await expect(loadRuleset("another")).rejects.toThrow('"another" has no heavy part');
  });
});

describe("the GM's side every ruleset shares", () => {
  it("is its own chunk, preloaded on ready whatever the world plays, and loaded once", async () => {
    preloadRuleset("light");
    const [a, b] = await Promise.all([loadTableAuthority(), loadTableAuthority()]);
    expect(a).toBe(b);
    expect(loads.authority).toBe(1);
  });
});

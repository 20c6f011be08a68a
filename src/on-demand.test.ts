import { afterEach, describe, expect, it, vi } from "vitest";
import { loadRuleset, onDemand, preloadRuleset, RULESET_HEAVY_BARRELS } from "./on-demand";

// The real barrel extends Foundry's application classes at load; what the loader hands out is what matters here.
const heavyLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock("./rulesets/fangs-heavy", () => {
  heavyLoads.count += 1;
  return { startAttack: () => "attack", effectKinds: [], effectAttachments: [] };
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

  it("name only barrels that exist", async () => {
    const { existsSync } = await import("node:fs");
    for (const path of Object.values(RULESET_HEAVY_BARRELS)) expect(existsSync(path), path).toBe(true);
  });
});

describe("a ruleset's heavy part", () => {
  it("loads once, whether it was preloaded on ready or asked for first by a click", async () => {
    preloadRuleset("fangs");
    const [a, b] = await Promise.all([loadRuleset(), loadRuleset("fangs")]);
    expect(a).toBe(b);
    expect(a.startAttack).toBeTypeOf("function");
    expect(heavyLoads.count).toBe(1);
  });

  it("is not looked for in a world whose ruleset has none", () => {
    expect(() => preloadRuleset("another-ruleset")).not.toThrow();
    expect(() => preloadRuleset("toString")).not.toThrow();
  });
});

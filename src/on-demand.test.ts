import { afterEach, describe, expect, it, vi } from "vitest";
import { ON_DEMAND_MODULES, onDemand } from "./on-demand";

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

  it("name only modules that exist", async () => {
    const { existsSync } = await import("node:fs");
    for (const path of ON_DEMAND_MODULES) expect(existsSync(path), path).toBe(true);
  });
});

import "../../../test/foundry/setup";
import { afterEach, describe, expect, it, vi } from "vitest";
import { standIn } from "../../../test/foundry/setup";

/**
 * What start-up holds of Sharene's exchange card loads its heavy part only
 * where it is needed: at `setup` in a world that plays Sharene, never in a
 * world of another ruleset (a Sharene card kept in its log loads it when
 * drawn).
 */

const heavy = vi.hoisted(() => ({ imports: 0 }));
vi.mock("../sharene-heavy", async (importOriginal) => {
  heavy.imports += 1;
  // As the real barrel: the effect kinds registered as it loads ask for what it does not export too.
  return { effectAttachments: undefined, ...(await importOriginal<object>()) };
});

afterEach(() => standIn.game.settings.storage.delete("fangs.ruleset"));

describe("Sharene's card renderer at setup", () => {
  it("loads nothing in a FANGS world, and the heavy part with the template in a Sharene world", async () => {
    const { shareneExchangeRenderer } = await import("./exchange-card");
    await import("./index");
    await shareneExchangeRenderer.prepare?.();
    expect(heavy.imports).toBe(0);
    standIn.game.settings.storage.set("fangs.ruleset", "sharene");
    // The stand-in has no getTemplate: Foundry's compiles the card's template.
    const getTemplate = vi.fn(async () => () => "");
    (foundry.applications.handlebars as unknown as { getTemplate: unknown }).getTemplate = getTemplate;
    await shareneExchangeRenderer.prepare?.();
    expect(heavy.imports).toBe(1);
    expect(getTemplate).toHaveBeenCalledWith("systems/fangs/templates/sharene/exchange-card.hbs");
  });
});

import { describe, expect, it } from "vitest";
import { createLocalizer } from "./i18n";

describe("the simulator's localizer", () => {
  it("reads nested and flat dotted keys and fills {placeholders}", () => {
    const i18n = createLocalizer({ FANGS: { Odds: { Win: "{name} wins" } }, "FANGS.Flat.Key": "flat {n}" });
    expect(i18n.format("FANGS.Odds.Win", { name: "Gru" })).toBe("Gru wins");
    expect(i18n.format("FANGS.Flat.Key", { n: 3 })).toBe("flat 3");
    expect(i18n.localize("FANGS.Missing")).toBe("FANGS.Missing");
    expect(i18n.has("FANGS.Missing")).toBe(false);
  });
});

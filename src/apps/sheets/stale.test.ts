import { unsavedPaths } from "./stale";

describe("unsavedPaths", () => {
  const source = {
    name: "Gru",
    system: { characteristics: { st: 14 }, hitPoints: { value: 9 }, biography: "<p>x</p>" },
  };

  it("is empty when every submitted value was stored", () => {
    expect(
      unsavedPaths(source, { name: "Gru", system: { characteristics: { st: 14 }, hitPoints: { value: 9 } } }),
    ).toEqual([]);
    expect(unsavedPaths(source, { "system.characteristics.st": 14 })).toEqual([]);
  });

  it("names the values the document refused", () => {
    expect(
      unsavedPaths(source, { name: "Gru", "system.characteristics.st": -4, "system.hitPoints.value": 9 }),
    ).toEqual(["system.characteristics.st"]);
    expect(unsavedPaths(source, { system: { unknownField: 1 } })).toEqual(["system.unknownField"]);
  });

  it("ignores whitespace the editor adds around stored HTML", () => {
    expect(unsavedPaths(source, { "system.biography": "<p>x</p>\n" })).toEqual([]);
  });
});

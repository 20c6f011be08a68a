import "../../test/foundry/setup";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fragmentPath, ROOT, rulesetFragments, sourceManifest } from "../../scripts/lib/manifest.mjs";
import { listRulesetDefinitions, rulesetTypes } from "./index";

/**
 * The manifest against the registry. Foundry accepts only the document
 * types the manifest declares, so every type a shipped ruleset registers
 * (src/rulesets/index.ts) must be declared there, and nothing else: a type
 * declared but owned by no ruleset would have no model. Each ruleset
 * declares its own in its folder's manifest fragment
 * (src/rulesets/<id>/manifest.json), which the build merges into
 * system.json (`sourceManifest`, scripts/lib/manifest.mjs). A Combatant of
 * FANGS is `base`, Foundry's own default type, which needs no declaration.
 * The tests' toy ruleset is not in this file's registry (its module is not
 * imported here), and is not in the manifest: it never runs in Foundry.
 */

type DocumentTypes = Record<string, Record<string, unknown>>;
const manifest = sourceManifest() as { documentTypes: DocumentTypes };
const fragments = rulesetFragments();

const BASE_TYPE = "base";

function declared(documentName: string): string[] {
  return Object.keys(manifest.documentTypes[documentName] ?? {}).sort();
}

function registered(documentName: "Actor" | "Item" | "ChatMessage" | "Combatant"): string[] {
  return listRulesetDefinitions()
    .flatMap((definition) => rulesetTypes(definition, documentName))
    .filter((type) => type !== BASE_TYPE)
    .sort();
}

describe("the manifest's documentTypes and the rulesets' registrations", () => {
  it("only the rulesets this system ships are registered here, FANGS first", () => {
    // A shipped ruleset is a folder of src/rulesets/ with its module (index.ts); one without is not yet one.
    const folder = path.join(ROOT, "src", "rulesets");
    const shipped = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(folder, entry.name, "index.ts")))
      .map((entry) => entry.name);
    const ids = listRulesetDefinitions().map((d) => d.id);
    expect(ids[0]).toBe("fangs");
    expect([...ids].sort()).toEqual(shipped.sort());
  });

  it.each(["Actor", "Item", "ChatMessage", "Combatant"] as const)(
    "%s: every registered type is declared, and every declared type registered",
    (documentName) => {
      expect(declared(documentName)).toEqual(registered(documentName));
    },
  );

  it("each ruleset's folder declares exactly its own types, and only a registered ruleset's folder declares any", () => {
    for (const definition of listRulesetDefinitions()) {
      const own = (fragments.find((f) => f.id === definition.id)?.fragment.documentTypes ??
        {}) as DocumentTypes;
      for (const documentName of ["Actor", "Item", "ChatMessage", "Combatant"] as const) {
        expect(
          Object.keys(own[documentName] ?? {}).sort(),
          `${fragmentPath(definition.id)} ${documentName}`,
        ).toEqual(
          rulesetTypes(definition, documentName)
            .filter((type) => type !== BASE_TYPE)
            .sort(),
        );
      }
    }
    const registeredIds = listRulesetDefinitions().map((d) => d.id);
    for (const { id, file, fragment } of fragments)
      if (fragment.documentTypes) expect(registeredIds, file).toContain(id);
  });

  it("declares types only of the documents a ruleset registers types of", () => {
    for (const name of Object.keys(manifest.documentTypes))
      expect(["Actor", "Item", "ChatMessage", "Combatant"]).toContain(name);
  });
});

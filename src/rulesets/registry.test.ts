import "../../test/foundry/setup";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listRulesetDefinitions, rulesetTypes } from "./index";

/**
 * The manifest against the registry. Foundry accepts only the document
 * types system.json declares, so every type a shipped ruleset registers
 * (src/rulesets/index.ts) must be declared there, and nothing else: a type
 * declared but owned by no ruleset would have no model. A Combatant of
 * FANGS is `base`, Foundry's own default type, which needs no declaration.
 * The tests' toy ruleset is not in this file's registry (its module is not
 * imported here), and is not in the manifest: it never runs in Foundry.
 */

type DocumentTypes = Record<string, Record<string, unknown>>;
const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as {
  documentTypes: DocumentTypes;
};

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

describe("system.json's documentTypes and the rulesets' registrations", () => {
  it("only the rulesets this system ships are registered here, FANGS first", () => {
    expect(listRulesetDefinitions().map((d) => d.id)).toEqual(["fangs"]);
  });

  it.each(["Actor", "Item", "ChatMessage", "Combatant"] as const)(
    "%s: every registered type is declared, and every declared type registered",
    (documentName) => {
      expect(declared(documentName)).toEqual(registered(documentName));
    },
  );

  it("declares types only of the documents a ruleset registers types of", () => {
    for (const name of Object.keys(manifest.documentTypes))
      expect(["Actor", "Item", "ChatMessage", "Combatant"]).toContain(name);
  });
});

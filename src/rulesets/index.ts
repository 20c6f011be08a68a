/**
 * Every ruleset this system ships, registered on import, one line each
 * (docs/rulesets.md). FANGS comes first: it is the default and the fallback.
 * The entry file imports this before `init` (through
 * src/config/document-classes.ts), so the "Combat rules" setting offers each
 * one and Foundry knows every ruleset's documents.
 */
import "./fangs";
import "./sharene";
import "./lunos";

export * from "./registry";

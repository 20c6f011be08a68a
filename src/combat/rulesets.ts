/**
 * The table rulesets this system ships, registered on import, and the
 * lookup of the world's one. The Combat and the tracker import from here, so
 * FANGS (the default and the fallback) is registered before the first
 * lookup; a later ruleset adds its own `import "./<id>-table";` line.
 */
import "./fangs-table";

export { activeTableRuleset, getTableRuleset, registerTableRuleset } from "./table-ruleset";

import { parseArgs, parseSeed } from "../args";
import { SimError } from "../sim-error";
import { loadLocalizer, projectRoot, runMain } from "./common";
import { loadTerminal, rulesetArg } from "./rulesets";

const usage = (own: string) => `usage: npm run duel -- <side> <side> [--ruleset ID] [--seed N] [--json] ${own}
       npm run duel -- [--ruleset ID] --list
--ruleset picks the combat rules (default fangs).`;

await runMain(async () => {
  const { id, rest } = rulesetArg(process.argv.slice(2));
  const terminal = await loadTerminal(id);
  const args = parseArgs(rest, {
    withValue: ["seed", ...terminal.options],
    switches: ["json", "list", "help"],
  });
  const root = projectRoot();
  if (args.flags.has("help")) {
    process.stdout.write(`${usage(terminal.usage)}\n`);
    return;
  }
  if (args.flags.has("list")) {
    for (const entry of terminal.roster(root)) process.stdout.write(`${entry.name}  (${entry.type})\n`);
    return;
  }
  if (args.positional.length !== 2) {
    throw new SimError(
      "invalid-argument",
      `a duel needs two sides (a side is one fighter or several joined by commas), got ${args.positional.length}\n${usage(terminal.usage)}`,
    );
  }
  const seed = parseSeed(args.flags.get("seed"), 1);
  const job = terminal.job([args.positional[0]!, args.positional[1]!], args.flags, seed, root);
  const fight = terminal.fight(job, seed);
  if (args.flags.has("json")) {
    process.stdout.write(`${JSON.stringify(fight.json, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${fight.lines(loadLocalizer(root)).join("\n")}\n`);
});

import { parseArgs, parseCount, parseSeed } from "../args";
import { MAX_SIDE_FIGHTERS, runDuel, runFight } from "../duel";
import { formatDuelLog } from "../format";
import { createPolicy, parsePolicies } from "../policies";
import { SimError } from "../sim-error";
import { loadLocalizer, projectRoot, runMain } from "./common";
import { loadRoster, resolveSides } from "./packs";

const USAGE = `usage: npm run duel -- <side> <side> [--seed N] [--json] [--policy ID|ID,ID] [--distance PACES] [--max-rounds N]
       npm run duel -- --list
A side is one fighter or several separated by commas (Gru,Dagmar; quote a name holding a comma).
A fighter is a sample character or creature of the pack sources (by name) or a JSON file holding one Actor.
--policy stubborn,default gives side A's fighters one policy and side B's another.`;

await runMain(() => {
  const args = parseArgs(process.argv.slice(2), {
    withValue: ["seed", "policy", "distance", "max-rounds"],
    switches: ["json", "list", "help"],
  });
  const root = projectRoot();
  if (args.flags.has("help")) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (args.flags.has("list")) {
    for (const entry of loadRoster(root)) process.stdout.write(`${entry.name}  (${entry.type})\n`);
    return;
  }
  if (args.positional.length !== 2) {
    throw new SimError(
      "invalid-argument",
      `a duel needs two sides (a side is one fighter or several joined by commas), got ${args.positional.length}\n${USAGE}`,
    );
  }
  const sides = resolveSides(args.positional[0]!, args.positional[1]!, root);
  for (const side of sides) {
    if (side.length > MAX_SIDE_FIGHTERS)
      throw new SimError("invalid-argument", `a side may field at most ${MAX_SIDE_FIGHTERS} fighters`);
  }
  const seed = parseSeed(args.flags.get("seed"), 1);
  const policyIds = parsePolicies(args.flags.get("policy"));
  const common = {
    startDistance: parseCount("distance", args.flags.get("distance"), 10, 1000),
    maxRounds: parseCount("max-rounds", args.flags.get("max-rounds"), 100, 10_000),
  };
  const duel = sides[0].length === 1 && sides[1].length === 1;
  const result = duel
    ? runDuel(
        {
          ...common,
          fighters: [sides[0][0]!, sides[1][0]!],
          policies: [createPolicy(policyIds[0]), createPolicy(policyIds[1])],
        },
        seed,
        true,
      )
    : runFight(
        {
          ...common,
          sides,
          policies: [
            sides[0].map(() => createPolicy(policyIds[0])),
            sides[1].map(() => createPolicy(policyIds[1])),
          ],
        },
        seed,
        true,
      );
  if (args.flags.has("json")) {
    // The fight's own `names` already say who fought (told apart when two share a name).
    process.stdout.write(`${JSON.stringify({ seed, ...result }, null, 2)}\n`);
    return;
  }
  const i18n = loadLocalizer(root);
  process.stdout.write(`${formatDuelLog(result, i18n, seed).join("\n")}\n`);
});

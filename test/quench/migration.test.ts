import "../foundry/setup";
import type { Stage } from "../../src/quench/batch";
import { migrationBatch, V0_CHARACTER } from "../../src/quench/migration-batch";
import { resetWorld } from "../foundry/setup";
import { runBatch } from "./adapter";

/** The migration batch of src/quench/ on the data stand-in, in a world of schema version 0. */
const stage: Stage<Actor.Implementation> = {
  async setUp() {
    resetWorld();
    const actors = CONFIG.Actor.documentClass as unknown as { create(d: unknown): Promise<unknown> };
    return (await actors.create(structuredClone(V0_CHARACTER))) as Actor.Implementation;
  },
  async tearDown() {
    resetWorld();
  },
};

runBatch(migrationBatch(stage));

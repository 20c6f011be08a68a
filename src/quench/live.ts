/**
 * The live world's side of the batches: documents made through Foundry's
 * API and deleted afterwards, newest first. Typed narrowly on purpose: the
 * batches need a handful of calls, not the document classes' full types.
 */

export type Cleanup = (() => Promise<unknown>)[];

type Obj = Record<string, unknown>;

export interface Doc {
  readonly id: string | null;
  readonly uuid: string;
  toObject(): Obj;
  delete(): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: Obj[]): Promise<unknown[]>;
}

export interface DocClass {
  create(data: Obj): Promise<unknown>;
  createDocuments(data: Obj[]): Promise<unknown[]>;
  deleteDocuments(ids: string[]): Promise<unknown[]>;
}

/** The world's class for a document type (the system's own, where it has one). */
export function documentClass(name: "Actor" | "Scene" | "Combat" | "User" | "ChatMessage"): DocClass {
  // One loose signature for five classes whose typed create data differ; each batch builds its own data.
  return (CONFIG as unknown as Record<string, { documentClass: DocClass }>)[name]!.documentClass;
}

/**
 * A player account for the batch, never logged in; deleted afterwards. It
 * owns characters while the batch runs, and a failed run may leave it
 * behind: a password nobody knows keeps anyone from joining the world as it.
 */
export async function liveUser(name: string, cleanup: Cleanup): Promise<{ readonly id: string }> {
  const password = foundry.utils.randomID(32);
  const user = (await documentClass("User").create({ name, role: CONST.USER_ROLES.PLAYER, password })) as Doc;
  cleanup.push(() => user.delete());
  return { id: user.id! };
}

/** Runs the cleanup, newest first, every step even when one fails; the first failure is thrown after. */
export async function runCleanup(cleanup: Cleanup): Promise<void> {
  let failure: unknown = null;
  while (cleanup.length > 0) {
    try {
      await cleanup.pop()!();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
}

/** Where the i-th fighter's token stands, in pixels of the scene. */
export type TokenPlace = (i: number) => { readonly x: number; readonly y: number };

/** Side by side along the top row. */
export const sideBySide: TokenPlace = (i) => ({ x: 100 * i, y: 0 });

export interface LiveCombat {
  readonly actors: (Doc & Actor.Implementation)[];
  readonly combat: Doc & Combat.Implementation;
  /** One a fighter, in the order of the actors' data. */
  readonly combatants: Combatant.Implementation[];
}

/**
 * A round batch's table: the actors made from their data, each as a
 * linked token on a scene of its own (placed by `place`), in a combat on
 * that scene (not the viewed one), one combatant each. Every document goes
 * on `cleanup`, to be deleted afterwards.
 */
export async function liveCombat(
  actorData: Obj[],
  sceneName: string,
  cleanup: Cleanup,
  place: TokenPlace = sideBySide,
): Promise<LiveCombat> {
  const actors = (await documentClass("Actor").createDocuments(actorData)) as (Doc & Actor.Implementation)[];
  cleanup.push(() => documentClass("Actor").deleteDocuments(actors.map((a) => a.id!)));
  const scene = (await documentClass("Scene").create({ name: sceneName })) as Doc;
  cleanup.push(() => scene.delete());
  const tokenData = await Promise.all(
    actors.map(async (a, i) => (await a.getTokenDocument(place(i))).toObject()),
  );
  const tokens = (await scene.createEmbeddedDocuments("Token", tokenData)) as Doc[];
  const combat = (await documentClass("Combat").create({ scene: scene.id })) as Doc & Combat.Implementation;
  cleanup.push(() => combat.delete());
  const combatants = (await combat.createEmbeddedDocuments(
    "Combatant",
    tokens.map((token, i) => ({ tokenId: token.id, sceneId: scene.id, actorId: actors[i]!.id })),
  )) as Combatant.Implementation[];
  return { actors, combat, combatants };
}

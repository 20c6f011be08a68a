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

import { authoredByGM } from "../../chat/card-flows";
import type { AppliedDelta } from "../../chat/card-steps";
import { localize } from "../../config/localize";
import { actorAt } from "../../documents/uuid";
import { serialised } from "../../documents/write-queue";
import { applyEffects, revertDeltas } from "../../effects/apply-effects";
import { isActiveGM, newRequestId, whilePending } from "../../requester";
import type { Effect } from "../../rules/kernel/effects";
import {
  activeRulesetDefinition,
  getRulesetDefinition,
  type PoolDefinition,
  poolsForActorType,
  rulesetOwning,
} from "../../rulesets/registry";
import { verifyRequester } from "../../verify-requester";
import { dialogFormValues } from "../dialog-form";
import {
  GM_DAMAGE_APPLY_TIMEOUT_MS,
  gmDamageApplyRefused,
  gmDamageApplySubject,
  readGmDamageApplyRequest,
} from "./apply-payload";
import { GM_DAMAGE_APPLY_QUERY, type GmDamageApplyAnswer, type GmDamageTarget } from "./apply-request";
import {
  type GmDamageAnswers,
  type GmDamageField,
  type GmDamageRequest,
  type PoolNow,
  parseAnswers,
  plainPoolEffects,
} from "./damage-request";
import { GM_DAMAGE_TEMPLATE, type GmDamageWordName, gmDamageDialogContext, gmDamageWord } from "./dialog";
import { gmDamageNoteOf } from "./note-record";
import {
  type GmDamageUndoAnswer,
  type GmDamageUndoRequest,
  gmDamageUndoSubject,
  undoRefused,
} from "./undo-request";

/** The requester's side of an Undo comes with the tool: start-up asks for it through loadGmDamageTool. */
export { requestGmDamageUndo } from "./undo-request";

/**
 * The GM's damage and healing on selected tokens, outside any card: loaded
 * on first use (src/apps/gm-damage/load-tool.ts). Its fields are the world
 * ruleset's pools, its words the ruleset's (`gmDamageWord`); what it does
 * to an actor is the actor's ruleset's `gmDamage`, else each pool moved by
 * its points. Any GM's Apply runs on the active GM's client (a query from
 * another GM's, as the note's Undo), through the exchange's applier inside
 * that client's write queue: two GMs applying at once, or a blow being
 * applied, are counted one after the other, never half.
 */

type AnyActor = Actor.Implementation;
type TokenLike = { actor: AnyActor | null; name?: string | null };

/** A notice on this client; the key "" shows `data.text` as it is (words already the ruleset's). */
function warn(key: string, data?: Readonly<Record<string, string>>): null {
  ui.notifications?.warn(key === "" ? (data?.text ?? "") : localize(key, data));
  return null;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The world ruleset's pools: the dialog's fields, in its order. */
function worldPools(): readonly PoolDefinition[] {
  return activeRulesetDefinition().pools ?? [];
}

function fields(): GmDamageField[] {
  return worldPools().map((pool) => ({ name: pool.name, label: localize(pool.labelKey) }));
}

/** One of the tool's words in the world ruleset's (src/apps/gm-damage/dialog.ts). */
function word(name: GmDamageWordName): string {
  return gmDamageWord(
    localize,
    activeRulesetDefinition().langPrefix,
    name,
    fields().map((f) => f.label),
  );
}

/** A refusal of the answers, in the ruleset's words where they are its. */
function answersRefused(key: string, data?: Readonly<Record<string, string>>): GmDamageApplyAnswer {
  if (key === "FANGS.GmDamage.Error.Nothing") return gmDamageApplyRefused("", { text: word("Nothing") });
  if (key === "FANGS.GmDamage.Error.Scope")
    return gmDamageApplyRefused(key, { all: word("AllPools"), first: word("FirstPoolOnly") });
  return gmDamageApplyRefused(key, data);
}

function selectedTokens(): TokenLike[] {
  return (canvas?.tokens?.controlled ?? []).map((t) => ({ actor: t.actor, name: t.name }));
}

/** The actors of the tokens, once each (two tokens of one linked actor are one actor), with a name for the note. */
function actorsOf(tokens: readonly TokenLike[]): { actor: AnyActor; name: string }[] {
  const seen = new Map<string, { actor: AnyActor; name: string }>();
  for (const token of tokens) {
    const actor = token.actor;
    if (!actor || seen.has(actor.uuid)) continue;
    seen.set(actor.uuid, { actor, name: token.name ?? actor.name ?? "?" });
  }
  return [...seen.values()];
}

/** The actor's registered pools as they stand (a pool its data lacks is left out). */
function poolsNow(actor: AnyActor): PoolNow[] {
  const now: PoolNow[] = [];
  for (const pool of poolsForActorType(actor.type)) {
    let at: unknown = actor.system;
    for (const key of pool.path.split(".")) at = (at as Record<string, unknown> | null | undefined)?.[key];
    const { value, max } = (at ?? {}) as { value?: unknown; max?: unknown };
    if (typeof value === "number")
      now.push({ name: pool.name, value, max: typeof max === "number" ? max : Number.POSITIVE_INFINITY });
  }
  return now;
}

/** The effects of the request on one actor, by its ruleset's rule; null for an actor without pools. */
async function effectsOn(actor: AnyActor, request: GmDamageRequest): Promise<Effect[] | null> {
  const owner = rulesetOwning("Actor", actor.type);
  const rule = (owner ? getRulesetDefinition(owner) : undefined)?.gmDamage;
  if (rule) return rule.effects(actor, request);
  const pools = poolsNow(actor);
  return pools.length === 0 ? null : plainPoolEffects(actor.uuid, pools, request);
}

/** Whether the tool can change the actor: it has a pool of its ruleset. */
function hasPools(actor: AnyActor): boolean {
  return poolsNow(actor).length > 0;
}

/** Tells this client's GM why nothing was changed; the deltas, or null. */
function tell(answer: GmDamageApplyAnswer): AppliedDelta[] | null {
  if (answer.ok) return [...answer.deltas];
  const text =
    answer.messageKey === "" ? (answer.data?.text ?? "") : localize(answer.messageKey, answer.data);
  ui.notifications?.warn(text);
  return null;
}

async function askActiveGm(
  answers: GmDamageAnswers,
  targets: GmDamageTarget[],
): Promise<GmDamageApplyAnswer> {
  const user = game.user!;
  const gm = game.users?.activeGM ?? null;
  if (!gm) return gmDamageApplyRefused("FANGS.GmDamage.Error.NoGM");
  if (gm.isSelf) return runGmDamageApply(answers, targets, user);
  // Only text and numbers travel (a macro's undefined field is as if not given).
  const sent = Object.fromEntries(
    Object.entries(answers).filter(([, v]) => typeof v === "string" || typeof v === "number"),
  );
  const request = { answers: sent, targets, userId: user.id!, requestId: newRequestId() };
  try {
    const answer = (await whilePending(request.requestId, gmDamageApplySubject(sent, targets), () =>
      gm.query(GM_DAMAGE_APPLY_QUERY, request as never, { timeout: GM_DAMAGE_APPLY_TIMEOUT_MS }),
    )) as GmDamageApplyAnswer | null;
    return answer && typeof answer === "object"
      ? answer
      : gmDamageApplyRefused("FANGS.GmDamage.Error.NoAnswer");
  } catch {
    return gmDamageApplyRefused("FANGS.GmDamage.Error.NoAnswer");
  }
}

/**
 * Applies the answers to the tokens (the selected ones when none are given)
 * and posts the note, on the active GM's client: this client's if it is
 * the active GM's, else sent there (`fangs.gmDamageApply`). Refuses,
 * changing nothing, for anyone but a GM, bad answers and no token with
 * pools, with a notice on this client. Returns the deltas written, or null.
 */
export async function applyGmDamage(
  answers: GmDamageAnswers,
  tokens: readonly TokenLike[] = selectedTokens(),
): Promise<AppliedDelta[] | null> {
  if (!game.user?.isGM) return warn("FANGS.GmDamage.Error.GmOnly");
  const targets = actorsOf(tokens)
    .filter(({ actor }) => hasPools(actor))
    .map(({ actor, name }) => ({ actorUuid: actor.uuid, name }));
  if (targets.length === 0) return warn("", { text: word("NoTokens") });
  return tell(await askActiveGm(answers, targets));
}

/**
 * The Apply itself, on the active GM's client, for a GM (`user`): the
 * answers checked against the world ruleset's pools, the actors read again
 * by their UUIDs, the effects applied in the write queue, the note posted.
 */
export async function runGmDamageApply(
  answers: GmDamageAnswers,
  targets: readonly GmDamageTarget[],
  user: User.Implementation,
): Promise<GmDamageApplyAnswer> {
  if (!user.isGM) return gmDamageApplyRefused("FANGS.GmDamage.Error.GmOnly");
  const parsed = parseAnswers(answers, fields());
  if (!parsed.ok) return answersRefused(parsed.key, parsed.data);
  const actors: { actor: AnyActor; name: string }[] = [];
  for (const { actorUuid, name } of targets) {
    const actor = await actorAt(actorUuid);
    if (actor && hasPools(actor) && !actors.some((a) => a.actor.uuid === actor.uuid))
      actors.push({ actor, name });
  }
  if (actors.length === 0) return gmDamageApplyRefused("", { text: word("NoTokens") });
  const request = parsed.request;
  const deltas = await serialised(async () => {
    // Read inside the queue: the pools as the last queued write left them.
    const effects: Effect[] = [];
    for (const { actor } of actors) effects.push(...((await effectsOn(actor, request)) ?? []));
    return effects.length === 0 ? [] : (await applyEffects(effects)).deltas;
  });
  await postNote(actors, deltas, request);
  return { ok: true, deltas };
}

/**
 * The `fangs.gmDamageApply` query handler (active GM's client). Checks, in
 * order: this client is the active GM; the payload is well formed; the user
 * it names confirms the request, this very request (src/requester.ts); then
 * `runGmDamageApply` reads the rest from the documents.
 */
export async function handleGmDamageApply(payload: unknown): Promise<GmDamageApplyAnswer> {
  if (!isActiveGM()) return gmDamageApplyRefused("FANGS.GmDamage.Error.NoGM");
  const request = readGmDamageApplyRequest(payload);
  if (!request) return gmDamageApplyRefused("FANGS.GmDamage.Error.Invalid");
  const verified = await verifyRequester(
    request.userId,
    request.requestId,
    gmDamageApplySubject(request.answers, request.targets),
  );
  if (!verified.ok) return gmDamageApplyRefused("FANGS.GmDamage.Error.NotPermitted");
  try {
    return await runGmDamageApply(request.answers, request.targets, verified.user);
  } catch (error) {
    console.error("FANGS | applying the GM's damage failed", error);
    return gmDamageApplyRefused("FANGS.GmDamage.Error.Failed");
  }
}

/** A status's name as its ruleset shows it (the actor's ruleset's statuses), else its id. */
function statusLabel(actor: AnyActor, status: string): string {
  const owner = rulesetOwning("Actor", actor.type);
  const definition = (owner ? getRulesetDefinition(owner) : undefined) ?? activeRulesetDefinition();
  const found = definition.statuses.find((s) => s.id === status);
  return found ? localize(found.name) : status;
}

async function postNote(
  actors: readonly { actor: AnyActor; name: string }[],
  deltas: readonly AppliedDelta[],
  request: GmDamageRequest,
): Promise<void> {
  const lines: string[] = [];
  for (const { actor, name } of actors) {
    const mine = deltas.filter(
      (d) => d.kind !== "actionLost" && d.kind !== "stuck" && d.actorUuid === actor.uuid,
    );
    const parts: string[] = [];
    for (const d of mine) {
      if (d.kind !== "pool") continue;
      const pool = poolsForActorType(actor.type).find((p) => p.name === d.pool);
      const label = pool ? localize(pool.labelKey) : d.pool;
      const key = pool?.noteKey ?? "FANGS.GmDamage.Note.Pool";
      parts.push(localize(key, { pool: label, before: String(d.before), after: String(d.after) }));
    }
    for (const d of mine) {
      if (d.kind !== "status") continue;
      const status = statusLabel(actor, d.status);
      parts.push(
        localize(d.after ? "FANGS.GmDamage.Note.StatusOn" : "FANGS.GmDamage.Note.StatusOff", { status }),
      );
    }
    const what = parts.length > 0 ? parts.join(", ") : localize("FANGS.GmDamage.Note.Unchanged");
    lines.push(`<li>${escapeHtml(localize("FANGS.GmDamage.Note.Line", { name, what }))}</li>`);
  }
  const title = localize(
    request.direction === "damage" ? "FANGS.GmDamage.Note.Damage" : "FANGS.GmDamage.Note.Heal",
  );
  // Nothing changed: nothing to undo, so no button.
  const undo =
    deltas.length === 0
      ? ""
      : `<button type="button" class="fangs-gm-damage-note__undo" data-fangs-gm-undo><i class="fa-solid fa-rotate-left" aria-hidden="true"></i> <span>${escapeHtml(localize("FANGS.GmDamage.Undo.Button"))}</span></button>`;
  const content = `<div class="fangs fangs-gm-damage-note"><p><strong>${escapeHtml(title)}</strong></p><ul>${lines.join("")}</ul>${undo}</div>`;
  const speaker = { alias: localize("FANGS.GmDamage.Note.Speaker") };
  const whisper = request.whisper ? game.users!.filter((u) => u.isGM).map((u) => u.id!) : [];
  // The exact changes ride on the note for its Undo: the GM writes the note, so no player can edit them.
  const system = { deltas: deltas.map((d) => ({ ...d })), undone: false };
  await ChatMessage.create({
    type: "gmDamage",
    system,
    content,
    speaker,
    ...(whisper.length > 0 ? { whisper } : {}),
  });
}

/* -------------------------------------------- */
/*  Undo                                        */
/* -------------------------------------------- */

const ID = /^[A-Za-z0-9]{1,64}$/;

/** The query's payload, field by field; null when anything is off. */
function parseUndoRequest(payload: unknown): GmDamageUndoRequest | null {
  if (typeof payload !== "object" || payload === null) return null;
  const p = payload as Record<string, unknown>;
  for (const key of ["messageId", "userId", "requestId"] as const) {
    const value = p[key];
    if (typeof value !== "string" || !ID.test(value)) return null;
  }
  return { messageId: p.messageId as string, userId: p.userId as string, requestId: p.requestId as string };
}

/**
 * A note's Undo, on the active GM's client (undo-request.ts sends every
 * GM's click here): reverts the changes the note records through the
 * exchange card's reverter (a pool moved back by its difference, the pool
 * statuses following the pools) and marks the note undone, both in one step
 * of the write queue, so a second Undo, queued behind, reads the mark and is
 * refused. Only a GM's request acts, and only on a note a GM wrote.
 */
export async function runGmDamageUndo(
  messageId: string,
  user: User.Implementation,
): Promise<GmDamageUndoAnswer> {
  if (!user.isGM) return undoRefused("FANGS.GmDamage.Undo.GmOnly");
  return serialised(async () => {
    // Read inside the queue: an Undo queued just before this one has marked the note by now.
    const message = game.messages?.get(messageId) ?? null;
    if (!message) return undoRefused("FANGS.GmDamage.Undo.Gone");
    if (!authoredByGM(message)) return undoRefused("FANGS.GmDamage.Undo.NotGmNote");
    const note = gmDamageNoteOf(message);
    if (!note) return undoRefused("FANGS.GmDamage.Undo.Damaged");
    if (note.undone) return undoRefused("FANGS.GmDamage.Undo.Already");
    const missed = await revertDeltas(note.deltas);
    await message.update({ system: { undone: true } });
    return { ok: true, deltas: [...note.deltas], partial: missed.length > 0 };
  });
}

/**
 * The `fangs.gmDamageUndo` query handler (active GM's client). Checks, in
 * order: this client is the active GM; the payload is well formed; the user
 * it names confirms the request (src/requester.ts); then `runGmDamageUndo`
 * reads the rest from the stored note.
 */
export async function handleGmDamageUndo(payload: unknown): Promise<GmDamageUndoAnswer> {
  if (!isActiveGM()) return undoRefused("FANGS.GmDamage.Undo.NoGM");
  const request = parseUndoRequest(payload);
  if (!request) return undoRefused("FANGS.GmDamage.Undo.Invalid");
  const verified = await verifyRequester(
    request.userId,
    request.requestId,
    gmDamageUndoSubject(request.messageId),
  );
  if (!verified.ok) return undoRefused("FANGS.GmDamage.Undo.NotPermitted");
  try {
    return await runGmDamageUndo(request.messageId, verified.user);
  } catch (error) {
    console.error("FANGS | undoing a GM damage note failed", error);
    return undoRefused("FANGS.GmDamage.Undo.Error");
  }
}

/* -------------------------------------------- */
/*  The dialog                                  */
/* -------------------------------------------- */

/**
 * Opens the dialog for the selected tokens and applies what the GM answers.
 * A player, or no token selected, is told so and no dialog opens.
 */
export async function openGmDamageNow(): Promise<AppliedDelta[] | null> {
  if (!game.user?.isGM) return warn("FANGS.GmDamage.Error.GmOnly");
  const tokens = selectedTokens();
  if (actorsOf(tokens).length === 0) return warn("", { text: word("NoTokens") });
  const actors = actorsOf(tokens);
  const content = await foundry.applications.handlebars.renderTemplate(GM_DAMAGE_TEMPLATE, {
    ...gmDamageDialogContext(
      actors.map((a) => a.name),
      localize,
      `fangs-gm-damage-${foundry.utils.randomID(6)}`,
      worldPools(),
      activeRulesetDefinition().langPrefix,
    ),
  });
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: localize("FANGS.GmDamage.Dialog.Title", { count: String(actors.length) }) },
    classes: ["fangs", "fangs-gm-damage-window"],
    content,
    buttons: [
      {
        action: "apply",
        label: localize("FANGS.GmDamage.Dialog.Apply"),
        icon: "fa-solid fa-heart-pulse",
        default: true,
        callback: (_event: unknown, button: HTMLButtonElement) => dialogFormValues(button),
      },
      { action: "cancel", label: localize("FANGS.GmDamage.Dialog.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    rejectClose: false,
  });
  if (!result || typeof result !== "object") return null;
  return applyGmDamage(result as GmDamageAnswers, tokens);
}

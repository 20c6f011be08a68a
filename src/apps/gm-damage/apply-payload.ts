import {
  GM_DAMAGE_APPLY_QUERY,
  type GmDamageApplyAnswer,
  type GmDamageApplyRequest,
  type GmDamageTarget,
} from "./apply-request";
import type { GmDamageAnswers } from "./damage-request";

/**
 * The Apply query's payload and answers (apply-request.ts says why a
 * query): loaded with the tool, not at start-up.
 */

/** How long a GM waits for the active GM's client. */
export const GM_DAMAGE_APPLY_TIMEOUT_MS = 30_000;

export function gmDamageApplyRefused(
  messageKey: string,
  data?: Readonly<Record<string, string>>,
): GmDamageApplyAnswer {
  return data ? { ok: false, messageKey, data } : { ok: false, messageKey };
}

/** What a confirmation vouches for: these answers on these tokens, nothing else. */
export function gmDamageApplySubject(answers: GmDamageAnswers, targets: readonly GmDamageTarget[]) {
  return { query: GM_DAMAGE_APPLY_QUERY, subject: JSON.stringify([answers, targets]) };
}

const ID = /^[A-Za-z0-9]{1,64}$/;
const MAX_TARGETS = 100;
const MAX_TEXT = 256;

const text = (value: unknown): value is string => typeof value === "string" && value.length <= MAX_TEXT;

/** The query's payload, field by field; null when anything is off. Answers keep only short text and numbers. */
export function readGmDamageApplyRequest(payload: unknown): GmDamageApplyRequest | null {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  const p = payload as Record<string, unknown>;
  for (const key of ["userId", "requestId"] as const) {
    const value = p[key];
    if (typeof value !== "string" || !ID.test(value)) return null;
  }
  const raw = p.answers;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const answers: Record<string, string | number> = {};
  const entries = Object.entries(raw);
  if (entries.length > 32) return null;
  for (const [key, value] of entries) {
    if (!text(key) || !(text(value) || (typeof value === "number" && Number.isFinite(value)))) return null;
    answers[key] = value;
  }
  if (!Array.isArray(p.targets) || p.targets.length === 0 || p.targets.length > MAX_TARGETS) return null;
  const targets: GmDamageTarget[] = [];
  for (const target of p.targets) {
    if (typeof target !== "object" || target === null) return null;
    const { actorUuid, name } = target as Record<string, unknown>;
    if (!text(actorUuid) || actorUuid === "" || !text(name)) return null;
    targets.push({ actorUuid, name });
  }
  return { answers, targets, userId: p.userId as string, requestId: p.requestId as string };
}

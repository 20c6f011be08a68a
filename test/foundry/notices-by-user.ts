import { beforeAll, beforeEach } from "vitest";
import { standIn } from "./setup";
import type { User } from "./stand-in/index";

/**
 * Records every notice with the user whose client showed it, cleared before
 * each test: a race between two clients is judged by what each was told.
 * Call at the top of a test file, after the file's own `beforeAll` set-up.
 */
export function noticesByUser(): (user: User) => string[] {
  const shown: { user: string; message: string }[] = [];
  beforeAll(() => {
    standIn.ui.notifications.listeners.push((notice) =>
      shown.push({ user: game.user?.id ?? "", message: notice.message }),
    );
  });
  beforeEach(() => {
    shown.length = 0;
  });
  return (user) => shown.filter((s) => s.user === user.id).map((s) => s.message);
}

// In-app navigations that the leave guard (src/app/LeaveGuard.tsx) may hold back. Links are caught where they
// are clicked; code that navigates by itself (the search palette, "Send to") asks here first.

/** What to do when the user answers the guard's question: Leave runs onLeave before the navigation. */
export interface LeaveChoice {
  onLeave?: () => void;
  onStay?: () => void;
}

type Asker = (to: string, choice: LeaveChoice) => boolean;

let asker: Asker | null = null;

/** The leave guard registers itself: it returns true when it has taken the navigation over (to ask first). */
export function setLeaveAsker(next: Asker | null): void {
  asker = next;
}

/**
 * True when the navigation may go on now (the caller navigates); false when the guard asks the user first and,
 * on Leave, runs `choice.onLeave` and navigates itself (on Stay, `choice.onStay`).
 */
export function mayNavigate(to: string, choice: LeaveChoice = {}): boolean {
  return asker ? !asker(to, choice) : true;
}

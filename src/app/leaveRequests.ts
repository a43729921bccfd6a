// In-app navigations that the leave guard may hold back. Links are caught where they are clicked; code that
// navigates by itself (the search palette) asks here first.
type Asker = (to: string) => boolean;

let asker: Asker | null = null;

/** The leave guard registers itself: it returns true when it has taken the navigation over (to ask first). */
export function setLeaveAsker(next: Asker | null): void {
  asker = next;
}

/** True when the navigation may go on now; false when the guard asks the user first and navigates itself. */
export function mayNavigate(to: string): boolean {
  return asker ? !asker(to) : true;
}

// Sharing the server's one thread: no request may hold it for more than about 100 ms (DESIGN.md,
// the server's rules), yet a save of thousands of rows costs the embedded database and the maths
// far more CPU than that. Long work is therefore cut into slices: between two slices the event
// loop turns, so other requests are read from the network and answered in between.

/** How long one turn of the event loop may run long work before it lets the loop turn. */
export const TURN_SLICE_MS = 10;

// When the current slice started, and whether the loop has turned since: a callback scheduled at
// the start of a slice runs only once the loop has moved on.
let sliceStart = 0;
let loopHasTurned = true;

/** Whether the work of this turn has run past TURN_SLICE_MS (the first call of a turn starts its slice). */
export function turnHasRunLong(): boolean {
  const now = performance.now();
  if (loopHasTurned) {
    sliceStart = now;
    loopHasTurned = false;
    setImmediate(() => {
      loopHasTurned = true;
    });
    return false;
  }
  return now - sliceStart > TURN_SLICE_MS;
}

/**
 * Resolves after the loop has passed through its poll phase, where the network is read: an
 * immediate scheduled from an immediate runs in the next pass, after that pass's poll.
 */
export function nextPassOfTheLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** Lets the loop turn when this turn has run long: await it now and then in a loop over many rows. */
export async function shareTheThread(): Promise<void> {
  if (turnHasRunLong()) await nextPassOfTheLoop();
}

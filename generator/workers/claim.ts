/** A task's flag, shared by the thread that asked for it and the worker: whoever claims it first does the work. */
export const UNCLAIMED = 0;
export const CLAIMED_BY_WORKER = 1;
export const CLAIMED_BY_CALLER = 2;

export function claimFlag(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/** True when `by` got the task; false when the other thread had it already. */
export function claim(flag: Int32Array, by: typeof CLAIMED_BY_WORKER | typeof CLAIMED_BY_CALLER): boolean {
  return Atomics.compareExchange(flag, 0, UNCLAIMED, by) === UNCLAIMED;
}

export function claimedBy(flag: Int32Array): number {
  return Atomics.load(flag, 0);
}

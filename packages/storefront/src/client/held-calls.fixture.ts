/**
 * The calls a test's fake server holds until the test lets them answer (`release`), so calls pile up as quick
 * clicks on a slow network make them.
 */
export function heldCalls() {
  const waiting: (() => void)[] = [];
  return {
    /** Keeps a call's answer until `release`. */
    hold(answer: () => void) {
      waiting.push(answer);
    },
    /** Lets every call answer, one after another, until none waits. */
    async release() {
      for (let i = 0; i < 200; i++) {
        await new Promise((r) => setTimeout(r, 0));
        const next = waiting.shift();
        if (next) next();
        else if (i > 2) return;
      }
    },
  };
}

// Benchmarks start child servers and write temp dirs; they must go away however the run ends (success, a thrown
// error, ctrl-c), or the next run finds a busy port and a stray database.

type Task = () => void | Promise<void>;

const tasks: Task[] = [];
let running: Promise<void> | undefined;

/** Registers something to undo at the end of the run; tasks run last-registered first, like `finally` blocks. */
export function onCleanup(task: Task): void {
  tasks.push(task);
}

/** Runs every registered task once. A failing task is reported and does not stop the others. */
export function cleanup(): Promise<void> {
  running ??= (async () => {
    for (let task = tasks.pop(); task; task = tasks.pop()) {
      try {
        await task();
      } catch (error) {
        console.error('bench: cleanup step failed:', error);
      }
    }
  })();
  return running;
}

/**
 * Makes ctrl-c and `kill` clean up before exiting. Without this, Node's default SIGINT handling would exit at once
 * and leave the child servers running.
 */
export function cleanupOnSignals(): void {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal}, stopping servers…`);
      void cleanup().finally(() => process.exit(code));
    });
  }
}

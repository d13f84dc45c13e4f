// Preloaded into a real server by the escaped-errors scenario: on SIGUSR2 it throws from a timer
// and rejects a promise nobody awaits, the two ways an error can still escape every handler.
process.on("SIGUSR2", () => {
  setTimeout(() => {
    throw new Error("planted: thrown from a timer");
  }, 0);
  void Promise.reject(new Error("planted: rejected and never awaited"));
});

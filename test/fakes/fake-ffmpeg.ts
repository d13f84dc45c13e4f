// A stand-in for `ffmpeg -progress pipe:1`: says its output is open on stderr, then prints progress
// blocks on stdout, and then exits or hangs as told. Flags:
//   --blocks N         progress blocks to print (default: no end)
//   --every MS         pause between blocks (default 50)
//   --freeze-after N   the frame count stops growing after N blocks (a stall)
//   --then exit:CODE   exit with CODE after the blocks; default: hang until signalled
//   --stderr TEXT      a line written to stderr after the opening
//   --ignore-sigint    SIGINT does nothing (only SIGKILL ends it)
// On SIGINT (not ignored) it ends as ffmpeg does: a last block, then exit code 255.

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};

const blocks = Number(option("blocks", "Infinity"));
const every = Number(option("every", "50"));
const freezeAfter = Number(option("freeze-after", "Infinity"));
const then = option("then", "hang");
const stderrLine = option("stderr", "");

let frame = 0;
const block = (progress: string) =>
  `frame=${frame}\nfps=25.0\nbitrate=2500.0kbits/s\nout_time_us=${frame * 40_000}\nspeed=1.00x\nprogress=${progress}\n`;

if (args.includes("--ignore-sigint")) process.on("SIGINT", () => {});
else
  process.on("SIGINT", () => {
    process.stdout.write(block("end"));
    process.exit(255);
  });

process.stderr.write("Output #0, flv, to 'rtmp://fake/app':\n");
if (stderrLine) process.stderr.write(`${stderrLine}\n`);
for (let i = 0; i < blocks; i++) {
  if (i < freezeAfter) frame += 25;
  process.stdout.write(block("continue"));
  await Bun.sleep(every);
}
if (then.startsWith("exit:")) process.exit(Number(then.slice(5)));
setInterval(() => {}, 1 << 30);

export {};

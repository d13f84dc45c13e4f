import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The shipped service files. systemd's own checker runs on the unit where systemd-analyze exists;
// the container files are read for what they must hold (building an image takes minutes and a
// registry this test cannot count on).

const ROOT = join(import.meta.dir, "..", "..", "..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const directives = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));

describe("systemd unit", () => {
  const unit = read("deploy/stream-console.service");
  const lines = directives(unit);

  test("restarts always, as its own user, runs the server itself, and takes ffmpeg down with it", () => {
    for (const line of [
      "Restart=always",
      "User=stream-console",
      "KillMode=control-group",
      "ExecStart=/usr/local/bin/bun --max-http-header-size=65536 server/main.ts",
      "Environment=DATA_DIR=/var/lib/stream-console",
    ])
      expect(lines).toContain(line);
  });

  test("hardened: other users cannot read stream keys from /proc, and the server writes only its data", () => {
    for (const line of [
      "ProtectProc=invisible",
      "NoNewPrivileges=yes",
      "ProtectSystem=strict",
      "ReadWritePaths=/var/lib/stream-console",
      "PrivateTmp=yes",
      "ProtectHome=yes",
      "CapabilityBoundingSet=",
    ])
      expect(lines).toContain(line);
  });

  const analyze = Bun.which("systemd-analyze");
  test.skipIf(!analyze)("systemd-analyze verify finds nothing to say; security exposure stays low", () => {
    // verify checks that ExecStart's program exists: point it at the Bun running this test.
    const dir = mkdtempSync(join(tmpdir(), "console-unit-"));
    try {
      const file = join(dir, "stream-console.service");
      writeFileSync(file, unit.replace("ExecStart=/usr/local/bin/bun", `ExecStart=${process.execPath}`));
      const verify = Bun.spawnSync([analyze!, "verify", file], { stdout: "pipe", stderr: "pipe" });
      expect(`${verify.stdout}${verify.stderr}`).toBe("");
      expect(verify.exitCode).toBe(0);
      const security = Bun.spawnSync([analyze!, "security", "--offline=true", file], {
        stdout: "pipe",
        stderr: "pipe",
      });
      const level = /Overall exposure level for stream-console\.service: ([\d.]+)/.exec(`${security.stdout}`);
      expect(level).not.toBeNull();
      expect(Number(level![1])).toBeLessThanOrEqual(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("container", () => {
  const dockerfile = read("Dockerfile");
  const lines = directives(dockerfile);
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));

  test("Debian with Debian's ffmpeg, a non-root user, data in a volume, a health check", () => {
    expect(lines.filter((l) => l.startsWith("FROM ")).every((l) => l.startsWith("FROM debian:"))).toBe(true);
    expect(runtime).toMatch(/apt-get install[^\n]*\bffmpeg\b/);
    expect(runtime).toMatch(/apt-get install[^\n]*\butil-linux\b/);
    const user = lines.filter((l) => l.startsWith("USER ")).pop();
    expect(user).toBe("USER console");
    expect(runtime).toContain("DATA_DIR=/data");
    expect(lines).toContain('VOLUME ["/data"]');
    expect(runtime).toMatch(/HEALTHCHECK [\s\S]*\/api\/health/);
    expect(lines).toContain('CMD ["bun", "--max-http-header-size=65536", "server/main.ts"]');
  });

  test("compose restarts the console and keeps its data in a volume", () => {
    const compose = Bun.YAML.parse(read("compose.yaml")) as {
      services: Record<string, { build: string; restart: string; volumes: string[] }>;
      volumes: Record<string, unknown>;
    };
    const service = compose.services.console!;
    expect(service.build).toBe(".");
    expect(["unless-stopped", "always"]).toContain(service.restart);
    expect(service.volumes).toContain("console-data:/data");
    expect(Object.keys(compose.volumes)).toContain("console-data");
  });

  test("the build context leaves out local data, dependencies and git", () => {
    const ignored = directives(read(".dockerignore"));
    for (const entry of ["data", "node_modules", ".git", ".tools", "client/dist", ".env"])
      expect(ignored).toContain(entry);
  });
});

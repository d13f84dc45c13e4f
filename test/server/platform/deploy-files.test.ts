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
    // A volume mounted at /data/media alone takes the image folder's owner: the console's, not root's.
    expect(runtime).toContain("mkdir -p /data/media && chown -R console:console /data");
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

describe("two nodes on PostgreSQL (deploy/compose.postgres.yaml)", () => {
  interface Service {
    build?: string;
    image?: string;
    command?: string[];
    environment?: Record<string, string>;
    volumes?: string[];
    depends_on?: Record<string, { condition?: string }>;
    healthcheck?: { test: string[] | string };
  }
  const text = read("deploy/compose.postgres.yaml");
  const compose = Bun.YAML.parse(text) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const nodes = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);
  const mount = (s: Service, target: string) =>
    s.volumes?.find((v) => v.endsWith(`:${target}`))?.split(":")[0];
  /** `${VAR}` or `${VAR:?message}`: taken from the environment or an env file, never written here. */
  const fromEnvironment = /^\$\{[A-Z_]+(:\?[^}]*)?\}$/;

  test("PostgreSQL 15 or later from the official image, its data in a named volume, with a health check", () => {
    const pg = compose.services.postgres!;
    expect(pg.image).toMatch(/^postgres:(1[5-9]|[2-9]\d)\b/);
    const volume = mount(pg, "/var/lib/postgresql/data");
    expect(Object.keys(compose.volumes)).toContain(volume!);
    expect(JSON.stringify(pg.healthcheck?.test)).toContain("pg_isready");
    expect(pg.environment?.POSTGRES_PASSWORD).toMatch(fromEnvironment);
  });

  test("two console nodes from the Dockerfile, each with its own name, port and data, one shared media volume", () => {
    expect(nodes.map(([name]) => name).sort()).toEqual(["node-a", "node-b"]);
    const names = nodes.map(([, s]) => s.environment?.NODE_NAME);
    expect(new Set(names).size).toBe(2);
    expect(names.every((n) => n && /^[A-Za-z0-9._-]{1,63}$/.test(n))).toBe(true);
    const ports = nodes.flatMap(([, s]) => (s as { ports?: string[] }).ports ?? []);
    expect(new Set(ports.map((p) => p.split(":").slice(0, -1).join(":"))).size).toBe(2);
    for (const [, s] of nodes) {
      expect(s.build).toBe("..");
      expect(s.environment?.DATABASE_URL).toMatch(/^postgres(ql)?:\/\/[^@]+@postgres:5432\/\w+$/);
      expect(s.depends_on?.postgres?.condition).toBe("service_healthy");
    }
    const media = nodes.map(([, s]) => mount(s, "/data/media"));
    expect(media[0]).toBeDefined();
    expect(media[1]).toBe(media[0]!);
    const data = nodes.map(([, s]) => mount(s, "/data"));
    expect(data.every(Boolean)).toBe(true);
    expect(data[0]).not.toBe(data[1]);
    for (const v of [...media, ...data]) expect(Object.keys(compose.volumes)).toContain(v!);
  });

  test("uploads land on the shared volume's mount: DATA_DIR/tmp is linked into it, one folder per node", () => {
    // An upload is renamed from DATA_DIR/tmp into DATA_DIR/media, and a rename across mounts fails.
    for (const [, s] of nodes) {
      const script = s.command?.at(-1) ?? "";
      expect(s.command?.slice(0, 2)).toEqual(["sh", "-ec"]);
      expect(script).toContain('ln -s "media/.upload-tmp/$$NODE_NAME" /data/tmp');
      expect(script.trim().split("\n").at(-1)).toBe("exec bun --max-http-header-size=65536 server/main.ts");
    }
  });

  test("no secret is written in the file: every password comes from the environment", () => {
    const secretKey = /PASSWORD|SECRET|TOKEN|_KEY$/;
    for (const [name, s] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(s.environment ?? {})) {
        if (secretKey.test(key))
          expect({ name, key, value }).toEqual({ name, key, value: expect.stringMatching(fromEnvironment) });
        if (key === "DATABASE_URL") {
          const password = /^postgres(?:ql)?:\/\/[^:@/]+:([^@]*)@/.exec(value)?.[1];
          expect({ name, password }).toEqual({ name, password: expect.stringMatching(fromEnvironment) });
        }
      }
    }
    // A default (`${VAR:-…}`) would put a value in the file after all; `:?` only stops compose without one.
    expect(text).not.toMatch(/\$\{[A-Z_]*(PASSWORD|SECRET|TOKEN)[A-Z_]*:?-/);
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

// Reading the repo's Markdown the way GitHub renders it: its headings' anchors, its links and its
// tables, with fenced code left out (a `# comment` in a shell block is not a heading).

/** The lines of a Markdown text outside ``` and ~~~ fences. */
export function proseLines(text: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const open = /^\s*(```|~~~)/.exec(line);
    if (open) {
      if (fence === null) fence = open[1]!;
      else if (line.trim().startsWith(fence)) fence = null;
      continue;
    }
    if (fence === null) out.push(line);
  }
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\p{M} _-]/gu, "").replace(/ /g, "-");
}

/** Every anchor a Markdown text offers; a repeated heading gets -1, -2… as on GitHub. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = headingSlug(m[1]!);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The targets of the inline links and images in a Markdown text, code spans and fences left out. */
export function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(text)) {
    const prose = line.replace(/`[^`]*`/g, "");
    for (const m of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      targets.push(m[1]!);
  }
  return targets;
}

/**
 * What is wrong with the relative links of one Markdown file (or of `text`, read as if it were that
 * file): a target that is no file, or an `#anchor` that no heading of the target gives. Links with a
 * scheme (https:, mailto:) are not checked.
 */
export function brokenLinks(file: string, root: string, text = readFileSync(file, "utf8")): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path = "", anchor] = target.split("#", 2);
    const resolved = path === "" ? file : resolve(dirname(file), decodeURIComponent(path));
    const where = `${relative(root, file)}: ${target}`;
    if (!existsSync(resolved)) {
      problems.push(`${where} (no such file)`);
      continue;
    }
    if (anchor === undefined) continue;
    if (statSync(resolved).isDirectory() || !resolved.endsWith(".md")) {
      problems.push(`${where} (an anchor into something that is not Markdown)`);
    } else if (!anchorsOf(readFileSync(resolved, "utf8")).has(anchor.toLowerCase())) {
      problems.push(`${where} (no such heading)`);
    }
  }
  return problems;
}

/** Every .md file under a folder. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(dir, name))
    .sort();
}

/** The cells of every Markdown table row whose header starts with the given column names. */
export function tableRows(text: string, header: string[]): string[][] {
  const rows: string[][] = [];
  let inTable = false;
  for (const line of proseLines(text)) {
    if (!line.startsWith("|")) {
      inTable = false;
      continue;
    }
    const cells = line
      .slice(1, line.trimEnd().endsWith("|") ? line.trimEnd().length - 1 : undefined)
      .split("|")
      .map((c) => c.trim());
    if (header.every((h, i) => cells[i] === h)) {
      inTable = true;
      continue;
    }
    if (!inTable || cells.every((c) => /^:?-+:?$/.test(c))) continue;
    rows.push(cells);
  }
  return rows;
}

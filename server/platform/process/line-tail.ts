/** Keeps the last `max` lines of a text stream, fed in any chunking (ffmpeg's stderr, for its failure message). */
export class LineTail {
  private readonly lines: string[] = [];
  private partial = "";

  constructor(private readonly max = 50) {}

  push(text: string): void {
    const parts = (this.partial + text).split(/\r?\n|\r/);
    this.partial = parts.pop() ?? "";
    for (const line of parts) this.add(line);
  }

  private add(line: string): void {
    if (line.trim() === "") return;
    this.lines.push(line);
    if (this.lines.length > this.max) this.lines.shift();
  }

  all(): string[] {
    return this.partial.trim() ? [...this.lines, this.partial] : [...this.lines];
  }
}

// A one-line progress bar on stderr for long file runs: bytes, frames/s and ETA. Drawn only on a TTY, at most
// ten times a second, and erased when done, so piped or redirected stderr stays clean.

export interface ProgressStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): boolean;
}

const MIN_BYTES = 1 << 20;

export class Progress {
  private bytes = 0;
  private frames = 0;
  private readonly started = Date.now();
  private lastDraw = 0;
  private drawn = false;
  private readonly enabled: boolean;

  constructor(
    private readonly label: string,
    private readonly total: number | undefined,
    private readonly stream: ProgressStream,
  ) {
    this.enabled = stream.isTTY === true && process.env.CI === undefined;
  }

  update(bytes: number, frames: number): void {
    this.bytes += bytes;
    this.frames = frames;
    if (!this.enabled || this.bytes < MIN_BYTES) return;
    const now = Date.now();
    if (now - this.lastDraw < 100) return;
    this.lastDraw = now;
    this.stream.write(`\r${this.render(now)}\x1b[K`);
    this.drawn = true;
  }

  done(): void {
    if (this.drawn) this.stream.write("\r\x1b[K");
    this.drawn = false;
  }

  render(now: number): string {
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const rate = Math.round(this.frames / seconds);
    const parts = [`${this.label}`, formatBytes(this.bytes)];
    if (this.total !== undefined && this.total > 0) {
      const fraction = Math.min(this.bytes / this.total, 1);
      const width = 24;
      const filled = Math.round(fraction * width);
      const eta = fraction > 0 ? (seconds / fraction) * (1 - fraction) : 0;
      parts.unshift(`[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(fraction * 100).toFixed(0)}%`);
      parts.push(`of ${formatBytes(this.total)}`, `ETA ${eta.toFixed(0)}s`);
    }
    parts.push(`${rate.toLocaleString("en-US")} frames/s`);
    return parts.join("  ");
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GiB`;
}

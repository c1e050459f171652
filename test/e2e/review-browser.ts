/**
 * Renders review comments as GitHub would, in a real headless Chromium: the Markdown by
 * `marked`, each ```mermaid block by the `mermaid` package (its browser bundle), one browser
 * for the whole test file. What a block fails to parse or draw is returned, not thrown, so a
 * test names every broken drawing at once.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { ensureChromium } from "../../scripts/lib/chromium";

/** Where the rendered comments are saved (git-ignored). */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, "test-artifacts", "review");

/** What rendering one comment gave. */
export interface RenderedComment {
  /** Mermaid blocks drawn (an SVG each). */
  drawn: number;
  /** The parse or draw error of each block that failed, with the block's text. */
  errors: string[];
}

const PAGE_STYLE = `
  body { font: 14px -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; max-width: 900px; margin: 16px; }
  body { color: #1f2328; }
  table { border-collapse: collapse; } td, th { border: 1px solid #d1d9e0; padding: 4px 8px; vertical-align: top; }
  code { background: #eff1f3; padding: 1px 4px; border-radius: 4px; font-size: 12px; }
  blockquote { border-left: 4px solid #d1d9e0; margin: 0; padding: 0 12px; color: #59636e; }
  .mermaid-drawing { border: 1px solid #d1d9e0; border-radius: 6px; padding: 8px; margin: 8px 0; }`;

/** A browser with one page loaded with `marked` and `mermaid`, for rendering comments. */
export class CommentRenderer {
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
  ) {}

  /** Launches Chromium (installing Debian's package when missing and allowed). */
  static async start(): Promise<CommentRenderer> {
    const { default: puppeteer } = await import("puppeteer-core");
    const browser = await puppeteer.launch({
      executablePath: ensureChromium(),
      headless: true,
      // As root (CI containers) Chromium refuses its sandbox; the page loads only our own files.
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    const page = await browser.newPage();
    await page.setViewport({ width: 960, height: 800 });
    return new CommentRenderer(browser, page);
  }

  /** Renders `markdown` into the page; returns what the Mermaid blocks gave. */
  async render(markdown: string): Promise<RenderedComment> {
    await this.page.setContent(`<!doctype html><html><head><style>${PAGE_STYLE}</style></head><body></body></html>`);
    await this.page.addScriptTag({ path: path.join(REPO_ROOT, "node_modules", "marked", "lib", "marked.umd.js") });
    await this.page.addScriptTag({ path: path.join(REPO_ROOT, "node_modules", "mermaid", "dist", "mermaid.min.js") });
    return this.page.evaluate(async (text: string) => {
      const globals = globalThis as unknown as {
        marked: { parse(markdown: string): string };
        mermaid: {
          initialize(config: object): void;
          parse(text: string): Promise<unknown>;
          render(id: string, text: string): Promise<{ svg: string }>;
        };
        document: {
          body: { innerHTML: string };
          querySelectorAll(selector: string): ArrayLike<{ textContent: string | null; parentElement: unknown }>;
          createElement(tag: string): { className: string; innerHTML: string };
        };
      };
      const { marked, mermaid, document } = globals;
      mermaid.initialize({ startOnLoad: false, securityLevel: "strict" });
      document.body.innerHTML = marked.parse(text);
      // GitHub opens nothing by itself; the screenshot shows the collapsed block closed as a reader sees it.
      const blocks = Array.from(document.querySelectorAll("pre > code.language-mermaid"));
      const errors: string[] = [];
      let drawn = 0;
      for (const [index, block] of blocks.entries()) {
        const source = block.textContent ?? "";
        const pre = block.parentElement as { replaceWith(node: unknown): void };
        const holder = document.createElement("div");
        holder.className = "mermaid-drawing";
        try {
          await mermaid.parse(source);
          holder.innerHTML = (await mermaid.render(`drawing${index}`, source)).svg;
          drawn++;
        } catch (error) {
          errors.push(`${String(error)}\n--- in ---\n${source}`);
        }
        pre.replaceWith(holder);
      }
      return { drawn, errors };
    }, markdown);
  }

  /** Saves a full-page PNG of the last rendered comment as `name` under {@link ARTIFACTS_DIR}; returns its path. */
  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, name) as `${string}.png`;
    await this.page.screenshot({ path: file, fullPage: true });
    return file;
  }

  /** Closes the browser (and ends its processes). */
  async close(): Promise<void> {
    const pid = this.browser.process()?.pid;
    await this.browser.close();
    // A browser that did not exit on close is ended by its pid, not by name.
    if (pid !== undefined) {
      try {
        process.kill(pid, 0);
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
}

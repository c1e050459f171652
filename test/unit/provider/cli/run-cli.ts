/** Runs the `pulumi-tenant` command in this process, capturing what it writes (the CLI's unit tests). */
import { main } from "../../../../provider/cli/index";

/** Runs the CLI with `args`: its exit code and what it wrote to stdout and stderr. */
export async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = jest.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = jest.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

// Runs one http handler: POST the event JSON, read a capped 2xx body like a command's stdout.

import { type HandlerResult, type OutputOptions, parseStdout } from "../protocol/output.js";
import type { HttpHandlerConfig } from "../types.js";

/** Response bytes read before the request is aborted. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

export interface HttpOptions extends OutputOptions {
  timeoutMs: number;
  /** Variables never interpolated, even when listed in `allowedEnvVars`. */
  secretEnv?: readonly string[];
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Attach the response (status, body) to the result, for `--debug`. */
  debug?: boolean;
}

/** `$VAR` / `${VAR}` in header values, resolved only for names in `allowedEnvVars` (others → ""). */
export function interpolateHeaders(
  config: HttpHandlerConfig,
  env: NodeJS.ProcessEnv = process.env,
  secretEnv: readonly string[] = [],
): Record<string, string> {
  const allowed = new Set((config.allowedEnvVars ?? []).filter((name) => !secretEnv.includes(name)));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.headers ?? {})) {
    headers[name] = value.replace(
      /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g,
      (_, braced: string | undefined, bare: string | undefined) => {
        const key = braced ?? bare ?? "";
        return allowed.has(key) ? (env[key] ?? "") : "";
      },
    );
  }
  return headers;
}

async function readCapped(response: Response, controller: AbortController): Promise<string | undefined> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      controller.abort();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * POST `body` to the handler's URL. Redirects are not followed (a 3xx is a non-blocking error,
 * which also ends redirect loops); non-2xx, refused connections and timeouts are non-blocking
 * errors naming the URL. Never rejects.
 */
export async function runHttpHandler(
  config: HttpHandlerConfig,
  body: string,
  options: HttpOptions,
): Promise<HandlerResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const fail = (message: string): HandlerResult => ({
    status: "error",
    message: `POST ${config.url} ${message}`,
    warnings: [],
  });
  try {
    const response = await fetch(config.url, {
      method: "POST",
      headers: {
        ...interpolateHeaders(config, options.env, options.secretEnv),
        "Content-Type": "application/json",
      },
      body,
      redirect: "manual",
      signal: controller.signal,
    });
    if (response.status < 200 || response.status >= 300) {
      const location = response.headers.get("location");
      await response.body?.cancel().catch(() => {});
      return fail(
        response.status >= 300 && response.status < 400
          ? `answered ${response.status} redirect${location ? ` to ${location}` : ""}; redirects are not followed`
          : `answered ${response.status} ${response.statusText}`.trimEnd(),
      );
    }
    const text = await readCapped(response, controller);
    if (text === undefined) return fail(`sent a response body over ${MAX_RESPONSE_BYTES} bytes`);
    const result = parseStdout(text, options);
    if (!options.debug) return result;
    return {
      ...result,
      debug: { ran: `POST ${config.url}`, stdin: body, status: response.status, stdout: text, stderr: "" },
    };
  } catch (error) {
    if (timedOut) return fail(`timed out after ${options.timeoutMs / 1000} s`);
    if (options.signal?.aborted) return fail("was cancelled");
    return fail(`failed: ${causeOf(error)}`);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

// Third-party packages the rules need only on some paths, required on first use.
import { lazyRequire } from "@hookwire/core/internal";

/** File-path rules (`Read(src/**)`). */
export const picomatch = lazyRequire<typeof import("picomatch")>(import.meta.url, "picomatch");

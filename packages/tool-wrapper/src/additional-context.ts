// Renders hook-supplied additionalContext as text parts the model sees, each naming its hook.
import type { AttributedText, ContentPart } from "@hookwire/core";

/** `[hook .pi/hooks/audit.ts] text` — the prefix lets the model (and a reader) tell who said it. */
export function formatAttributedText(item: AttributedText): string {
  return `[hook ${item.hookPath}] ${item.text}`;
}

/** The content with one text part appended per context item, in the order the hooks ran. */
export function appendAdditionalContext(
  content: ContentPart[],
  fromCall: readonly AttributedText[],
  fromResult: readonly AttributedText[],
): ContentPart[] {
  if (fromCall.length === 0 && fromResult.length === 0) return content;
  const out = [...content];
  for (const item of fromCall) out.push({ type: "text", text: formatAttributedText(item) });
  for (const item of fromResult) out.push({ type: "text", text: formatAttributedText(item) });
  return out;
}

// Secrets taken out of what the decision log and spans keep of a call (its command, path or URL, a hook's reason):
// one table of patterns, matched on the text as written and on a folded copy that undoes cheap disguises.

/**
 * One kind of secret. `pattern` is global and sticky-free; its `secret` group, when it has one, is the part
 * replaced (a header's or an assignment's name stays readable), else the whole match.
 */
interface SecretRule {
  name: string;
  pattern: RegExp;
  /**
   * What every match holds, lower-cased (one of these): a text without any is not searched with `pattern`. Most
   * commands hold none, and each pattern run costs a fresh process its compilation (~0.1 ms each, twice per text).
   */
  keywords: readonly string[];
  /** The match is a secret only if this holds for its secret part (a generic name with a low-entropy value is not). */
  holds?: (secret: string) => boolean;
}

/** Shannon entropy, in bits per character: a random token is above 3.5, `production-server` is near 3. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

/** A value in a command: quoted (with its quotes) or up to the next space, `;`, `&` or `|`. */
const VALUE = String.raw`(?<secret>"[^"]*"|'[^']*'|[^\s;&|'"]+)`;

/**
 * The rule list (docs/cli.md, "What the log keeps"). Token formats are the vendors' published prefixes; names
 * (`Authorization`, `password`, `*_TOKEN`) match in any case.
 */
export const SECRET_RULES: readonly SecretRule[] = [
  {
    name: "private-key",
    keywords: ["-----begin "],
    // A key cut off by a length bound is still taken to its end.
    pattern:
      /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  {
    name: "aws-access-key",
    keywords: ["akia", "asia", "abia", "acca", "aroa", "aida"],
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AROA|AIDA)[A-Z0-9]{16}\b/g,
  },
  {
    name: "github-token",
    keywords: ["gh", "github_pat_"],
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})/g,
  },
  {
    name: "gitlab-token",
    keywords: ["gl"],
    pattern: /\bgl(?:pat|dt|rt|ptt|cbt|imt|oas|ft|soat|agent|ffct|wt)-[A-Za-z0-9_-]{20,}/g,
  },
  {
    name: "slack-token",
    keywords: ["xox", "xapp-"],
    pattern: /\bxox[abposrce]-[A-Za-z0-9-]{10,}|\bxapp-\d-[A-Za-z0-9-]{10,}/g,
  },
  {
    name: "slack-webhook",
    keywords: ["hooks.slack.com/"],
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<secret>[A-Za-z0-9/_-]{20,})/g,
  },
  // Before OpenAI's: Anthropic's keys start with `sk-` too.
  { name: "anthropic-key", keywords: ["sk-ant-"], pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  {
    name: "openai-key",
    keywords: ["sk-"],
    pattern: /\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}/g,
  },
  {
    name: "jwt",
    keywords: ["eyj"],
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
  },
  {
    name: "authorization-header",
    keywords: ["authorization"],
    pattern:
      /\b(?:proxy-)?authorization\s*[:=]\s*(?:(?:bearer|basic|token|digest|negotiate|apikey)\s+)?(?<secret>[^\s'";,]+)/gi,
  },
  {
    name: "secret-header",
    keywords: ["api-key", "auth-token", "private-token", "cookie"],
    pattern: /\b(?:x-api-key|api-key|x-auth-token|private-token|cookie)\s*:\s*(?<secret>[^\s'";]+)/gi,
  },
  {
    name: "url-userinfo",
    keywords: ["://"],
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/(?<secret>[^\s/?#@'"]+)@/gi,
  },
  {
    name: "password",
    keywords: ["pass", "pwd"],
    pattern: new RegExp(
      String.raw`(?:(?<![\w-])-{1,2}(?:password|passwd|pass|passphrase)(?:=|\s+)|\b[\w.-]*(?:password|passwd|pwd|passphrase)["']?\s*[=:]\s*)${VALUE}`,
      "gi",
    ),
  },
  {
    name: "secret-flag",
    keywords: ["token", "secret", "key"],
    pattern: new RegExp(
      String.raw`(?<![\w-])--(?:[a-z]+-)*(?:token|secret|api-?key|access-key|private-key)(?:=|\s+)${VALUE}`,
      "gi",
    ),
    holds: (secret) => secret.replace(/^["']|["']$/g, "").length >= 8,
  },
  {
    name: "secret-assignment",
    keywords: ["token", "secret", "key", "credential", "auth"],
    pattern: new RegExp(
      String.raw`\b[\w.-]*(?:token|secret|key|credentials?|auth)["']?\s*[=:]\s*${VALUE}`,
      "gi",
    ),
    holds: (secret) => {
      const bare = secret.replace(/^["']|["']$/g, "");
      return bare.length >= 12 && entropy(bare) >= 3;
    },
  },
];

/**
 * Characters that look like ASCII letters (Cyrillic, Greek) and ones that render as nothing: folded to the letter
 * or dropped, so `pаssword=` (a Cyrillic `а`) or `ghp_` with a zero-width space inside still match.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  ѕ: "s",
  і: "i",
  ј: "j",
  һ: "h",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  Х: "X",
  Ѕ: "S",
  І: "I",
  Ј: "J",
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
  ο: "o",
  ν: "v",
  α: "a",
  ι: "i",
  κ: "k",
  τ: "t",
  υ: "u",
};
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/;

/**
 * The text a shell or a reader would see: quotes and backslashes that only split a word (`gh"p_"…`) dropped,
 * invisible characters dropped, fullwidth and lookalike letters folded to ASCII. `at[i]` is where the folded
 * text's character `i` came from, so a match maps back onto the original.
 */
function fold(text: string): { text: string; at: number[] } {
  let out = "";
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    // A shell line continuation joins the word it splits (`gh\<newline>p_…` is `ghp_…` to the shell).
    if (char === "\\" && text[i + 1] === "\n") {
      i++;
      continue;
    }
    if (INVISIBLE.test(char) || char === '"' || char === "'" || char === "\\" || char === "`") continue;
    const code = char.charCodeAt(0);
    // Fullwidth forms (U+FF01–FF5E) are ASCII shifted.
    const folded =
      code >= 0xff01 && code <= 0xff5e ? String.fromCharCode(code - 0xfee0) : (LOOKALIKES[char] ?? char);
    out += folded;
    at.push(i);
  }
  return { text: out, at };
}

type Range = { start: number; end: number; rule: string };

/** Each rule with its pattern compiled once, with match indices (`d`), for the secret group's place. */
const INDEXED = SECRET_RULES.map((rule) => ({
  rule,
  pattern: new RegExp(rule.pattern.source, `${rule.pattern.flags.replace("d", "")}d`),
}));

function matches(text: string): Range[] {
  const found: Range[] = [];
  const lower = text.toLowerCase();
  for (const { rule, pattern } of INDEXED) {
    if (!rule.keywords.some((keyword) => lower.includes(keyword))) continue;
    for (const match of text.matchAll(pattern)) {
      const indices = match.indices?.groups?.secret ?? match.indices?.[0];
      const secret = match.groups?.secret ?? match[0];
      if (!indices || indices[1] === indices[0] || (rule.holds && !rule.holds(secret))) continue;
      found.push({ start: indices[0], end: indices[1], rule: rule.name });
    }
  }
  return found;
}

/** Runs that may be base64 of a secret (`echo Z2hwX… | base64 -d`), standard or URL-safe. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{24,}={0,2}/g;

function encodedSecrets(text: string): Range[] {
  const found: Range[] = [];
  for (const match of text.matchAll(BASE64_RUN)) {
    const decoded = Buffer.from(match[0], /[-_]/.test(match[0]) ? "base64url" : "base64").toString("latin1");
    // Binary, not text: nothing a rule reads.
    if (!/^[\x20-\x7e\t\n\r]*$/.test(decoded)) continue;
    const inner = matches(decoded);
    if (inner.length > 0)
      found.push({
        start: match.index,
        end: match.index + match[0].length,
        rule: `base64 ${inner[0]?.rule}`,
      });
  }
  return found;
}

/** What is looked at, at most: the log keeps far less of a command than this. */
const REDACT_MAX_CHARS = 64 * 1024;

/** `text` with every secret the rules find replaced by `[redacted:<rule>]` (cut to `REDACT_MAX_CHARS` first). */
export function redact(text: string): string {
  const input = text.length > REDACT_MAX_CHARS ? text.slice(0, REDACT_MAX_CHARS) : text;
  const folded = fold(input);
  const ranges = [
    ...matches(input),
    ...encodedSecrets(input),
    // A text with nothing to fold is its own folded copy: the same finds.
    ...(folded.text === input ? [] : matches(folded.text)).map((range) => ({
      rule: range.rule,
      start: folded.at[range.start] as number,
      end: (folded.at[range.end - 1] as number) + 1,
    })),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let from = 0;
  for (const range of ranges) {
    // Overlapping finds (a JWT inside an Authorization header) are one secret.
    if (range.start < from) {
      if (range.end > from) {
        from = range.end;
      }
      continue;
    }
    out += `${input.slice(from, range.start)}[redacted:${range.rule}]`;
    from = range.end;
  }
  return out + input.slice(from);
}

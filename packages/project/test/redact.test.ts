// The redaction rule list: each kind of secret taken out of a command, what stays readable around it, and the
// disguises tried against it (split by quotes, base64, case, lookalike letters, invisible characters).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redact, SECRET_RULES } from "../src/records/redact.js";

// Test secrets, assembled so no scanner takes this file for a leak.
const GITHUB = `ghp_${"A1b2C3d4E5".repeat(4)}`;
const AWS = `AKIA${"IOSFODNN7EXAMPL1".slice(0, 16)}`;
const JWT = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${"dBjftJeZ4CVP".repeat(3)}`;

describe("redact: the rule list", () => {
  it.each([
    ["aws-access-key", `aws s3 ls --access-key ${AWS}`, "aws s3 ls --access-key [redacted:aws-access-key]"],
    [
      "aws secret assignment",
      "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY aws s3 ls",
      "AWS_SECRET_ACCESS_KEY=[redacted:secret-assignment] aws s3 ls",
    ],
    [
      "github-token",
      `git clone https://x:${GITHUB}@github.com/o/r`,
      "git clone https://[redacted:url-userinfo]@github.com/o/r",
    ],
    [
      "github-token bare",
      `gh auth login --with-token ${GITHUB}`,
      "gh auth login --with-token [redacted:github-token]",
    ],
    ["github fine-grained", `echo github_pat_${"11ABCDEFG0".repeat(6)}`, "echo [redacted:github-token]"],
    [
      "gitlab-token",
      `curl -H "PRIVATE-TOKEN: glpat-${"x1Y2z3W4v5".repeat(2)}" https://gitlab.example`,
      'curl -H "PRIVATE-TOKEN: [redacted:gitlab-token]" https://gitlab.example',
    ],
    [
      "slack-token",
      `slack-cli --t xoxb-1234567890-${"abcdefABCD".repeat(2)}`,
      "slack-cli --t [redacted:slack-token]",
    ],
    [
      "slack-webhook",
      `curl -d x https://hooks.slack.com/services/T0000/B0000/${"XXXXxxxx".repeat(3)}`,
      "curl -d x https://hooks.slack.com/services/[redacted:slack-webhook]",
    ],
    [
      "openai-key",
      `OPENAI=sk-proj-${"abcDEF123_".repeat(4)} python x.py`,
      "OPENAI=[redacted:openai-key] python x.py",
    ],
    [
      "anthropic-key",
      `export ANTHROPIC=sk-ant-api03-${"abcDEF123_".repeat(5)}`,
      "export ANTHROPIC=[redacted:anthropic-key]",
    ],
    [
      "authorization-header",
      'curl -H "Authorization: Bearer abc.def.ghi" https://api',
      'curl -H "Authorization: Bearer [redacted:authorization-header]" https://api',
    ],
    [
      "authorization basic",
      "curl -H 'authorization: Basic dXNlcjpwYXNz' x",
      "curl -H 'authorization: Basic [redacted:authorization-header]' x",
    ],
    ["jwt", `curl --cookie session=${JWT} x`, "curl --cookie session=[redacted:jwt] x"],
    ["password flag", "mysql --password=hunter2 db", "mysql --password=[redacted:password] db"],
    ["password flag, spaced", "psql --password 'correct horse' db", "psql --password [redacted:password] db"],
    ["password assignment", "DB_PASSWORD=hunter2 ./run", "DB_PASSWORD=[redacted:password] ./run"],
    // Read without its quotes too (a quote may hide a secret), a value takes what follows it up to a space: more, never less.
    ["password in JSON", '{"password": "hunter2"}', '{"password": [redacted:password]'],
    [
      "url-userinfo",
      "psql postgres://app:s3cret@db:5432/x",
      "psql postgres://[redacted:url-userinfo]@db:5432/x",
    ],
    [
      "private-key",
      "printf '-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXk\\n-----END OPENSSH PRIVATE KEY-----' > k",
      "printf '[redacted:private-key]' > k",
    ],
    ["private-key cut off", "echo -----BEGIN RSA PRIVATE KEY-----\nMIIEow", "echo [redacted:private-key]"],
    [
      "secret-assignment",
      "STRIPE_SECRET=Xk29fLq0pWz8vN3m deploy",
      "STRIPE_SECRET=[redacted:secret-assignment] deploy",
    ],
    ["secret-flag", "vault login --token s.Q8fj2KdlP0xZ", "vault login --token [redacted:secret-flag]"],
  ])("%s", (_, command, shown) => {
    expect(redact(command)).toBe(shown);
  });

  it.each([
    ["a plain command", "rm -rf build && ls -la"],
    ["a low-entropy *_KEY assignment", "SORT_KEY=name npm test"],
    ["a short token value", "NPM_TOKEN=abc npm whoami"],
    ["a path", "cat src/log/redact.ts"],
    ["docker's password flag that reads stdin", "docker login --password-stdin"],
    ["a URL without userinfo", "curl https://example.com/a@b"],
    ["pwd", "cd /tmp && pwd"],
  ])("leaves %s as it is", (_, text) => {
    expect(redact(text)).toBe(text);
  });

  it("names every rule it has (the docs list the same names)", () => {
    expect(SECRET_RULES.map((rule) => rule.name)).toMatchInlineSnapshot(`
      [
        "private-key",
        "aws-access-key",
        "github-token",
        "gitlab-token",
        "slack-token",
        "slack-webhook",
        "anthropic-key",
        "openai-key",
        "jwt",
        "authorization-header",
        "secret-header",
        "url-userinfo",
        "password",
        "secret-flag",
        "secret-assignment",
      ]
    `);
  });
});

describe("redact: attempts to get past it", () => {
  it.each([
    ["a token split across quotes", `echo gh"p_"${GITHUB.slice(4)}`],
    ["a token split across single quotes", `X='AKIA''${AWS.slice(4)}' aws s3 ls`],
    ["a token split by a backslash", `echo gh\\p_${GITHUB.slice(4)}`],
    ["a token split by a line continuation", `echo gh\\\np_${GITHUB.slice(4)}`],
    ["a header split by a line continuation", "curl -H 'Author\\\nization: token abcdef123456'"],
    ["mixed case header names", "curl -H 'AuThOrIzAtIoN: token abcdef123456'"],
    ["mixed case password flags", "mysql --PassWord=hunter2"],
    ["a Cyrillic а in password", "mysql --pаssword=hunter2"],
    ["fullwidth letters", "ＰＡＳＳＷＯＲＤ=hunter2 ./run"],
    ["a zero-width space inside a token", `echo ghp_\u200b${GITHUB.slice(4)}`],
    [
      "a base64-encoded token",
      `echo ${Buffer.from(GITHUB).toString("base64")} | base64 -d | gh auth login --with-token`,
    ],
    ["a base64url-encoded key", `echo ${Buffer.from(`password=hunter2 ${AWS}`).toString("base64url")}`],
    ["a token inside a JWT-looking header", `curl -H "Authorization: Bearer ${JWT}"`],
  ])("catches %s", (_, text) => {
    const shown = redact(text);
    expect(shown).toContain("[redacted:");
    for (const secret of ["hunter2", GITHUB.slice(8), AWS.slice(6), "abcdef123456", JWT.slice(40)])
      expect(shown).not.toContain(secret);
  });

  it("keeps what is out of scope readable, as documented: a secret assembled at run time is not in the text", () => {
    // Variables joined by the shell, hex, or a secret read from a file: the command holds no secret to redact.
    expect(redact('A=ghp_; B=abc; echo "$A$B"')).toBe('A=ghp_; B=abc; echo "$A$B"');
    expect(redact("mysql -phunter2 db")).toBe("mysql -phunter2 db");
  });

  it("skips no secret by its keywords: every match of a rule, in any case, holds one of the rule's keywords", () => {
    for (const rule of SECRET_RULES) {
      // Texts the rule's pattern generates (fast-check takes no \b, lookbehind or `i`: without them it matches more),
      // in any mix of case where the rule ignores case, with anything before them.
      const loose = new RegExp(
        rule.pattern.source.replaceAll("\\b", "").replace(/\(\?<!\[\\w-\]\)/g, ""),
        rule.pattern.flags.replace(/[gi]/g, ""),
      );
      const text = fc
        .tuple(fc.string(), fc.stringMatching(loose), fc.array(fc.boolean(), { minLength: 1 }))
        .map(([around, match, upper]) =>
          rule.pattern.ignoreCase
            ? [...`${around}${match}`].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join("")
            : `${around}${match}`,
        );
      const found = fc.sample(text, { numRuns: 400, seed: 38 }).filter((sample) => {
        rule.pattern.lastIndex = 0;
        return rule.pattern.test(sample);
      });
      expect(found.length, rule.name).toBeGreaterThan(20);
      for (const sample of found)
        expect(
          rule.keywords.some((keyword) => sample.toLowerCase().includes(keyword)),
          `${rule.name}: ${JSON.stringify(sample)}`,
        ).toBe(true);
    }
  });

  it("stays fast and bounded on huge or hostile input", () => {
    const huge = `${"a".repeat(200_000)} password=${"x".repeat(100)}`;
    const started = performance.now();
    expect(redact(huge).length).toBeLessThanOrEqual(64 * 1024);
    expect(redact(`${"-".repeat(50_000)}BEGIN`)).toHaveLength(50_005);
    expect(redact(`${"ghp_".repeat(20_000)}`)).toHaveLength(64 * 1024);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

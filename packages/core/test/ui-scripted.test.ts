import { describe, expect, it } from "vitest";
import { type AskedQuestion, createScriptedUI } from "../src/index.js";

describe("createScriptedUI", () => {
  it("answers each dialog from its script and tells every question with its answer, in order", async () => {
    const asked: AskedQuestion[] = [];
    const ui = createScriptedUI(
      {
        confirm: (title) => title === "yes?",
        select: (_title, options) => options[1],
        input: () => "typed",
        editor: (_title, prefill) => `${prefill} edited`,
      },
      (question) => asked.push(question),
    );
    expect(await ui.confirm("yes?", "really")).toBe(true);
    expect(await ui.select("pick", ["a", "b"])).toBe("b");
    expect(await ui.input("name", "placeholder")).toBe("typed");
    expect(await ui.editor("text", "draft")).toBe("draft edited");
    expect(asked).toEqual([
      { kind: "confirm", title: "yes?", message: "really", answer: true },
      { kind: "select", title: "pick", options: ["a", "b"], answer: "b" },
      { kind: "input", title: "name", placeholder: "placeholder", answer: "typed" },
      { kind: "editor", title: "text", prefill: "draft", answer: "draft edited" },
    ]);
  });

  it("gives the no-UI answer where the script has none, and is the no-UI context for the rest", async () => {
    const asked: AskedQuestion[] = [];
    const ui = createScriptedUI({ confirm: () => undefined }, (question) => asked.push(question));
    expect(await ui.confirm("t", "m")).toBe(false);
    expect(await ui.select("t", ["a"])).toBeUndefined();
    expect(await ui.input("t")).toBeUndefined();
    expect(ui.getEditorText()).toBe("");
    expect(asked.map((question) => `${question.kind} ${question.answer}`)).toEqual([
      "confirm false",
      "select undefined",
      "input undefined",
    ]);
  });
});

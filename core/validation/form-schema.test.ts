import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isProblemFixed } from "./form-problem";
import { checkbox, formProblems, optionalText, parseForm, requiredText, textList } from "./form-schema";
import { formText, formValues } from "./form-values";

function formOf(entries: [string, string | Blob][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("formValues and formText", () => {
  it("read texts, a repeated name as a list, and leave files out", () => {
    const form = formOf([
      ["email", "zoe@nocturn.io"],
      ["images", "a"],
      ["images", "b"],
      ["avatar", new Blob(["x"])],
    ]);
    expect(formValues(form)).toEqual({ email: "zoe@nocturn.io", images: ["a", "b"] });
    expect(formText(form, "email")).toBe("zoe@nocturn.io");
    expect(formText(form, "missing")).toBe("");
    expect(formText(form, "avatar")).toBe("");
  });
});

describe("parseForm", () => {
  const schema = z
    .object({ name: requiredText("Name is required"), code: z.string().regex(/^\d+$/, "Digits only") })
    .pipe(z.object({ name: z.string().max(3, "Name is too long"), code: z.string() }));

  it("gives the value, or the first problem's message", () => {
    expect(parseForm(schema, { name: " Zoë ", code: "1" })).toEqual({
      ok: true,
      value: { name: "Zoë", code: "1" },
    });
    expect(parseForm(schema, { name: "", code: "x" })).toEqual({ ok: false, message: "Name is required" });
    expect(parseForm(schema, { name: "Zoë", code: "x" })).toEqual({ ok: false, message: "Digits only" });
  });

  it("runs a piped stage only when the earlier one found nothing", () => {
    expect(parseForm(schema, { name: "Zoë Night", code: "x" })).toEqual({
      ok: false,
      message: "Digits only",
    });
    expect(parseForm(schema, { name: "Zoë Night", code: "1" })).toEqual({
      ok: false,
      message: "Name is too long",
    });
  });

  it("reads FormData the way a browser submits it", () => {
    expect(parseForm(schema, formOf([["code", "1"]]))).toEqual({ ok: false, message: "Name is required" });
  });
});

describe("field schemas", () => {
  const fields = z.object({ note: optionalText, ticked: checkbox, images: textList });

  it("read missing fields as empty, unticked and no images", () => {
    expect(fields.parse({})).toEqual({ note: "", ticked: false, images: [] });
  });

  it("read what a form sends", () => {
    expect(
      fields.parse(
        formValues(
          formOf([
            ["note", " hi "],
            ["ticked", "on"],
            ["images", "a"],
          ]),
        ),
      ),
    ).toEqual({
      note: "hi",
      ticked: true,
      images: ["a"],
    });
    expect(fields.parse({ ticked: true, images: ["a", "b"] })).toMatchObject({
      ticked: true,
      images: ["a", "b"],
    });
  });
});

describe("formProblems and isProblemFixed", () => {
  const schema = z.object({
    name: requiredText("Please fill in Name"),
    city: requiredText("Please fill in City"),
  });

  it("list every problem with its field, in order", () => {
    expect(formProblems(schema, { name: "", city: "" })).toEqual([
      { message: "Please fill in Name", field: "name" },
      { message: "Please fill in City", field: "city" },
    ]);
    expect(
      formProblems(
        schema,
        formOf([
          ["name", "Nova"],
          ["city", "Berlin"],
        ]),
      ),
    ).toEqual([]);
  });

  it("a message is fixed when the change removed it from the problems, and only then", () => {
    const before = formProblems(schema, { name: "", city: "" });
    const nameFilled = formProblems(schema, { name: "N", city: "" });
    expect(isProblemFixed("Please fill in Name", before, nameFilled)).toBe(true);
    expect(isProblemFixed("Please fill in City", before, nameFilled)).toBe(false);
    // the server's own refusal is not the form's to clear
    expect(isProblemFixed("Invalid email or password", [], [])).toBe(false);
  });
});

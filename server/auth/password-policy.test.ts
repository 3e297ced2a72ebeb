import { describe, expect, it } from "vitest";
import { passwordStrengthProblem, personalWords } from "./password-policy";

const zoe = { email: "zoe.night@nocturn-shop.io", name: "Zoë Night", storeName: "Nocturn" };
const problem = (password: string, person: Partial<typeof zoe> = {}) =>
  passwordStrengthProblem({ ...zoe, ...person, password });

describe("passwordStrengthProblem", () => {
  it.each([
    "aaaaaa",
    "aaaaaaaa",
    "P@ssw0rd",
    "password1",
    "Password123",
    "qwerty123",
    "12345678",
    "iloveyou",
  ])("refuses the guessable %j, saying why", async (password) => {
    const message = await problem(password);
    expect(message).toMatch(/^Password is too easy to guess\. \S/);
  });

  it("names the reason the estimator found", async () => {
    expect(await problem("password1")).toBe(
      "Password is too easy to guess. This is a commonly used password. Add more words that are less common.",
    );
    expect(await problem("aaaaaaaa")).toContain('Repeated characters like "aaa" are easy to guess.');
  });

  it.each([
    ["the e-mail address", "zoe.night@nocturn-shop.io"],
    ["the e-mail address, shouted", "ZOE.NIGHT@NOCTURN-SHOP.IO"],
    ["the name", "Zoë Night"],
    ["the name without accents or spaces", "ZoeNight"],
    ["the name and a digit", "zoenight1"],
    ["the name, accented, and a digit", "ZoëNight1"],
    ["the e-mail's words and a digit", "zoenightnocturn1"],
    ["the store's name", "Nocturn123"],
    ["the e-mail's local part", "zoe.night"],
  ])("refuses %s as the password", async (_what, password) => {
    const message = await problem(password);
    expect(message).toMatch(/^Password is too easy to guess\./);
  });

  // zxcvbn alone rates these three pieces at 10^8 guesses (score 3): strong enough for a stranger
  it("refuses an unusual name and a digit, which the estimator alone would accept", async () => {
    const marigold = { email: "m.vasquez@nightmail.io", name: "Marigold Vasquez" };
    expect(await problem("marigoldvasquez1", marigold)).toBe(
      "Password is too easy to guess. It contains your name, your e-mail address or the store's name. Add more words that are less common.",
    );
    expect(await problem("marigoldvasquez1")).toBeNull();
    // the name inside a passphrase that is strong without it is fine
    expect(await problem("marigold-copper-kettle-moor", marigold)).toBeNull();
  });

  it("says when the password leans on the account's own words", async () => {
    expect(await problem("zoe.night@nocturn-shop.io")).toBe(
      "Password is too easy to guess. It contains your name, your e-mail address or the store's name. Add more words that are less common.",
    );
  });

  it("penalises the account's words, not just any words", async () => {
    // a long e-mail address is a strong password for someone else, a weak one for its owner
    const address = "harbour.lights.velvet@nocturn-shop.io";
    expect(await problem(address, { email: "someone@nightmail.io", name: "Some One" })).toBeNull();
    expect(await problem(address, { email: address })).toMatch(/^Password is too easy to guess\./);
  });

  it.each([
    "velvet-midnight-77",
    "correct horse battery staple",
    "harbour lights at dawn",
    "obsidian-lantern-58",
    "Gr4nite&Willow!",
  ])("accepts the decent passphrase %j", async (password) => {
    expect(await problem(password)).toBeNull();
  });
});

describe("personalWords", () => {
  it("splits e-mail, name and store name into words, with and without accents", () => {
    expect(personalWords(zoe)).toEqual(
      expect.arrayContaining([
        "zoe.night@nocturn-shop.io",
        "zoe",
        "night",
        "nocturn",
        "shop",
        "zoë night",
        "zoë",
        "zoe night",
        "nocturn",
      ]),
    );
    // two-letter parts such as "io" would only make ordinary words look personal
    expect(personalWords(zoe)).not.toContain("io");
  });

  it("leaves out what it does not know", () => {
    expect(personalWords({ storeName: "Nocturn" })).toEqual(["nocturn"]);
  });
});

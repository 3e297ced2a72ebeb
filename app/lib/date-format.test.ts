import { describe, expect, it } from "vitest";
import { createDateFormat } from "../../core/store-dates";
import { parseConfig } from "../../server/config";
import { callRoute, getRequest, settle } from "../../tests/setup/route-call";
import { setupTestServices } from "../../tests/setup/test-services";
import { loader as rootLoader } from "../root";

describe("the store's date format", () => {
  // With the defaults the text is what the store has always shown (the Intl formatter replaced a
  // hand-written one after matching it on 200,000 instants).
  it.each([
    ["2026-03-05T14:03:00.000Z", "Mar 5, 2026", "14:03 UTC"],
    ["2026-03-05T00:00:00.000Z", "Mar 5, 2026", "00:00 UTC"],
    ["2026-12-31T23:59:59.999Z", "Dec 31, 2026", "23:59 UTC"],
    ["2028-02-29T12:00:00.000Z", "Feb 29, 2028", "12:00 UTC"],
    ["2030-10-15T09:07:00.000Z", "Oct 15, 2030", "09:07 UTC"],
  ])("writes %s as %s, %s with the defaults (en-US, UTC)", (iso, date, time) => {
    const format = createDateFormat({ locale: "en-US", timeZone: "UTC" });
    expect(format.date(iso)).toBe(date);
    expect(format.time(new Date(iso))).toBe(time);
    expect(format.dateTime(iso)).toBe(`${date}, ${time}`);
  });

  it("writes calendar days short and long", () => {
    const format = createDateFormat({ locale: "en-US", timeZone: "UTC" });
    expect(format.dayShort("2026-03-05")).toBe("Mar 5");
    expect(format.dayLong("2026-03-05")).toBe("Thu, Mar 5, 2026");
  });

  it("writes instants in the configured locale and time zone, with the zone named", () => {
    const format = createDateFormat({ locale: "de-DE", timeZone: "Europe/Berlin" });
    expect(format.date("2026-03-05T23:30:00Z")).toBe("6. März 2026");
    expect(format.time("2026-03-05T14:03:00Z")).toBe("15:03 MEZ");
    expect(format.dateTime("2026-07-05T14:03:00Z")).toBe("5. Juli 2026, 16:03 MESZ");
  });

  it("never moves a calendar day into another day, whatever the zone", () => {
    for (const timeZone of ["America/Los_Angeles", "Pacific/Kiritimati"]) {
      const format = createDateFormat({ locale: "en-US", timeZone });
      expect(format.dayShort("2026-03-05")).toBe("Mar 5");
      expect(format.dayLong("2026-03-05")).toBe("Thu, Mar 5, 2026");
    }
  });
});

describe("STORE_LOCALE and STORE_TIME_ZONE", () => {
  it("default to en-US and UTC, and are kept in their canonical spelling", () => {
    expect(parseConfig({})).toMatchObject({ locale: "en-US", timeZone: "UTC" });
    expect(parseConfig({ STORE_LOCALE: "de-de", STORE_TIME_ZONE: "europe/berlin" })).toMatchObject({
      locale: "de-DE",
      timeZone: "Europe/Berlin",
    });
  });

  it("refuse a locale or a time zone the server does not know", () => {
    expect(() => parseConfig({ STORE_LOCALE: "not a locale" })).toThrow(
      /STORE_LOCALE: must be a locale the server knows/,
    );
    expect(() => parseConfig({ STORE_TIME_ZONE: "Mars/Olympus_Mons" })).toThrow(
      /STORE_TIME_ZONE: must be an IANA time zone/,
    );
  });
});

describe("the root loader", () => {
  const t = setupTestServices({ STORE_LOCALE: "de-DE", STORE_TIME_ZONE: "Europe/Berlin" });

  it("hands the store's locale and time zone to the browser, so hydration writes the same dates", async () => {
    const answer = settle(await callRoute(rootLoader, getRequest("/"), { services: t.services }));
    expect(answer.data).toMatchObject({ locale: "de-DE", timeZone: "Europe/Berlin" });
  });
});

import { describe, expect, it } from "vitest";
import {
  adminStatusTone,
  canTrack,
  capitalize,
  customerStatusLabel,
  customerStatusTone,
  extractZip,
  isOrderStatus,
  ORDER_STATUSES,
  paymentStatusLabel,
  paymentStatusTone,
  receiptStatusTone,
  trackingUrl,
} from "./order";

describe("extractZip", () => {
  it.each([
    ["10115", "10115"],
    ["Berlin 10115", "10115"],
    ["12345-6789", "12345-6789"],
    ["Springfield, IL 62704-1234", "62704-1234"],
    ["Mia Night\nTorstraße 1\nBerlin, BE 10115\nDE", "10115"],
    ["Mia Night\nRue de Rivoli 7\nApt 3\nParis, IDF 75001.\nFR", "75001"],
    ["(10115)", "10115"],
  ])("finds the ZIP in %j", (address, zip) => {
    expect(extractZip(address)).toBe(zip);
  });

  it.each([
    ["a 4-digit code", "Wien, W 1010\nAT"],
    ["a 6-digit number", "Postcode 101150"],
    ["digits inside a phone number", "Call 0301011512"],
    ["a ZIP with a short extension", "12345-67"],
    ["a 5-digit run inside a dashed number", "Ref 99-12345-6789-1"],
    ["no digits at all", "Mia Night\nTorstraße\nBerlin"],
  ])("refuses %s", (_label, address) => {
    expect(extractZip(address)).toBeNull();
  });

  it.each([null, undefined, ""])("returns null for %j", (address) => {
    expect(extractZip(address)).toBeNull();
  });
});

describe("admin status colours (docs/SPEC.md#order-status)", () => {
  it.each([
    ["delivered", "green"],
    ["shipped", "blue"],
    ["processing", "yellow"],
    ["pending", "orange"],
    ["cancelled", "red"],
    ["on-hold", "gray"],
    ["", "gray"],
  ] as const)("%s is %s", (status, tone) => {
    expect(adminStatusTone(status)).toBe(tone);
  });
});

describe("customer status colours (docs/SPEC.md#order-status)", () => {
  it.each([
    ["delivered", "green"],
    ["processing", "blue"],
    ["shipped", "indigo"],
    ["cancelled", "red"],
    ["pending", "amber"],
    ["anything", "amber"],
  ] as const)("%s is %s", (status, tone) => {
    expect(customerStatusTone(status)).toBe(tone);
  });
});

describe("payment and receipt status colours", () => {
  it.each([
    ["paid", "green"],
    ["pending", "yellow"],
    ["failed", "red"],
    ["cancelled", "red"],
    ["refunded", "red"],
  ] as const)("payment %s is %s", (status, tone) => {
    expect(paymentStatusTone(status)).toBe(tone);
  });

  it.each([
    ["completed", "green"],
    ["pending", "yellow"],
    ["failed", "red"],
    ["refunded", "gray"],
    ["disputed", "gray"],
  ] as const)("receipt %s is %s", (status, tone) => {
    expect(receiptStatusTone(status)).toBe(tone);
  });
});

describe("canTrack", () => {
  it("needs a code and a shipped or delivered order", () => {
    expect(canTrack({ status: "shipped", trackingCode: "JJD000390007" })).toBe(true);
    expect(canTrack({ status: "delivered", trackingCode: "JJD000390007" })).toBe(true);
    expect(canTrack({ status: "shipped", trackingCode: null })).toBe(false);
    expect(canTrack({ status: "shipped", trackingCode: "" })).toBe(false);
    for (const status of ["pending", "processing", "cancelled"]) {
      expect(canTrack({ status, trackingCode: "JJD000390007" })).toBe(false);
    }
  });
});

describe("trackingUrl", () => {
  it("puts the encoded code into every placeholder", () => {
    expect(trackingUrl("https://track.example/?c={code}", "AB 12/3&x")).toBe(
      "https://track.example/?c=AB%2012%2F3%26x",
    );
    expect(trackingUrl("https://t.example/{code}?again={code}", "X1")).toBe("https://t.example/X1?again=X1");
  });
});

describe("order status helpers", () => {
  it("knows the five statuses and nothing else", () => {
    expect(ORDER_STATUSES).toEqual(["pending", "processing", "shipped", "delivered", "cancelled"]);
    for (const status of ORDER_STATUSES) expect(isOrderStatus(status)).toBe(true);
    for (const value of ["Shipped", "refunded", "", null, 3]) expect(isOrderStatus(value)).toBe(false);
  });

  it("capitalises for badges", () => {
    expect(capitalize("pending")).toBe("Pending");
    expect(capitalize("")).toBe("");
  });
});

describe("extractZip on addresses with other numbers", () => {
  it("takes the ZIP of the city line, not a number in the street lines", () => {
    expect(extractZip("Nova Shopper\nUnit 54321\nBerlin, BE 10115\nGermany")).toBe("10115");
  });
  it("does not take digits glued to letters", () => {
    expect(extractZip("Box AB12345")).toBeNull();
  });
});

describe("a delayed payment's labels", () => {
  it("reads 'Payment processing' to the customer and on the admin's payment badge, in blue", () => {
    expect(customerStatusLabel({ status: "pending", paymentStatus: "processing" })).toBe(
      "Payment processing",
    );
    expect(customerStatusLabel({ status: "processing", paymentStatus: "paid" })).toBe("Processing");
    expect(paymentStatusLabel("processing")).toBe("Payment processing");
    expect(paymentStatusLabel("partially_refunded")).toBe("Partially refunded");
    expect(paymentStatusTone("processing")).toBe("blue");
  });
});

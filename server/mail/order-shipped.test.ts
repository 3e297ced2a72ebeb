import { describe, expect, it } from "vitest";
import { trackingUrl } from "../../core/order";
import { DEMO_SELLER } from "../../core/seller";
import { orderShippedEmail } from "./templates/order-shipped";

const items = [
  { name: "Eclipse Hoodie", size: "M", quantity: 2 },
  { name: "Crescent Cap", size: "One Size", quantity: 1 },
];
const store = { storeName: "Nocturn", publicUrl: "https://shop.example.com", seller: DEMO_SELLER, items };
const template = "https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode={code}";

describe("order shipped e-mail", () => {
  const link = trackingUrl(template, "JJD 0003&9");
  const email = orderShippedEmail({
    ...store,
    name: "Zoë",
    orderNumber: "NOC-10042",
    trackingCode: "JJD 0003&9",
    trackingUrl: link,
  });

  it("names the order in the subject", () => {
    expect(email.subject).toBe("Your Nocturn order NOC-10042 has shipped");
  });

  it("carries the tracking link as a button and written out, in both bodies", () => {
    expect(link).toBe("https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode=JJD%200003%269");
    expect(email.html.split(`href="${link}"`).length - 1).toBeGreaterThanOrEqual(2);
    expect(email.html).toContain("TRACK PACKAGE");
    expect(email.text).toContain(`Track Package: ${link}`);
  });

  it("greets by name and gives the order number, the code and the account link", () => {
    for (const body of [email.html, email.text]) {
      expect(body).toContain("Hi Zoë,");
      expect(body).toContain("Good news: your order NOC-10042 is on its way.");
      expect(body).toContain("https://shop.example.com/account/orders");
    }
    expect(email.text).toContain("Tracking code: JJD 0003&9");
    expect(email.html).toContain("Tracking code: JJD 0003&amp;9");
    expect(
      orderShippedEmail({ ...store, orderNumber: "N", trackingCode: "C", trackingUrl: link }).text,
    ).toContain("Hi there,\n");
  });

  it("lists what is in the parcel, with the sizes", () => {
    expect(email.text).toContain("Eclipse Hoodie (M) × 2\nCrescent Cap × 1");
    expect(email.html).toContain("Eclipse Hoodie (M)");
  });

  it("escapes markup in the name and the code", () => {
    const hostile = orderShippedEmail({
      ...store,
      name: "<img src=x onerror=alert(1)>",
      orderNumber: "NOC-1",
      trackingCode: "<script>x</script>",
      trackingUrl: trackingUrl(template, "<script>x</script>"),
    });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).not.toContain("<img");
    expect(hostile.html).toContain("Tracking code: &lt;script&gt;x&lt;/script&gt;");
  });
});

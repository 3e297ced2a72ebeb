import { describe, expect, it } from "vitest";
import { BERLIN_ADDRESS } from "../tests/setup/test-address";
import { flattenAddress, type PostalAddress } from "./checkout";

const address = (fields: Partial<PostalAddress>): PostalAddress => ({ ...BERLIN_ADDRESS, ...fields });

describe("flattenAddress", () => {
  it("writes the postcode before the town where the country does, with no stray comma", () => {
    expect(flattenAddress(address({}))).toBe("Nova Shopper\nTorstraße 101\n10119 Berlin\nGermany");
    expect(flattenAddress(address({ state: "Berlin", addressLine2: "Hinterhaus" }))).toBe(
      "Nova Shopper\nTorstraße 101\nHinterhaus\n10119 Berlin\nGermany",
    );
  });

  it("adds the province in Italy, the county on its own line in Ireland, the town first in Malta", () => {
    expect(flattenAddress(address({ city: "Roma", state: "RM", zipCode: "00144", country: "IT" }))).toBe(
      "Nova Shopper\nTorstraße 101\n00144 Roma RM\nItaly",
    );
    expect(
      flattenAddress(address({ city: "Dublin 2", state: "Co. Dublin", zipCode: "D02 X285", country: "IE" })),
    ).toBe("Nova Shopper\nTorstraße 101\nDublin 2\nCo. Dublin\nD02 X285\nIreland");
    expect(flattenAddress(address({ city: "Dublin 2", zipCode: "D02 X285", country: "IE" }))).toBe(
      "Nova Shopper\nTorstraße 101\nDublin 2\nD02 X285\nIreland",
    );
    expect(flattenAddress(address({ city: "Valletta", zipCode: "VLT 1117", country: "MT" }))).toBe(
      "Nova Shopper\nTorstraße 101\nValletta VLT 1117\nMalta",
    );
    expect(flattenAddress(address({ city: "Rīga", zipCode: "LV-1010", country: "LV" }))).toBe(
      "Nova Shopper\nTorstraße 101\nRīga, LV-1010\nLatvia",
    );
  });
});

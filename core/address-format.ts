// How each EU member state writes a postal address: whether it uses a region ("state") line, what
// that region is called, and how the postcode, town and region stand on the envelope. Decided from
// real postal practice, following Google's address metadata (libaddressinput, which follows the
// UPU's addressing standards) and the national posts' guidance:
//
// - Italy and Spain: the province is part of the address (Poste Italiane: "00144 ROMA RM";
//   Correos: postcode, town, province), so it is required.
// - Ireland: the county is usual but optional since Eircodes; Romania (județ), Estonia (maakond),
//   Latvia (novads) and Lithuania (apskritis): written by many, required by none. Optional.
// - Everyone else: no region in a postal address at all (Germany's Bundesland, France's
//   département, ...), so the field is not shown and whatever was sent for it is dropped.
//
// The postal line templates replace the US "city, state zip" of the spec (docs/ARCHITECTURE.md,
// Departures from the spec): "{zip} {city}" in most of the EU, the town before the postcode in
// Malta and Latvia, town, county and Eircode on lines of their own in Ireland.
import type { EuCountryCode } from "./checkout";

/** Whether a country's addresses carry a region line. */
export type RegionUse = "required" | "optional" | "none";

export interface AddressRules {
  region: RegionUse;
  /** What the region is called there: the form's label and its "Please fill in {label}". */
  regionLabel: string;
  /** The postcode, town and region as they stand on the envelope; "\n" starts a new line. */
  postalLines: string;
  /** A valid postcode, shown as the field's placeholder. */
  postcodeExample: string;
}

const plain = (postcodeExample: string, postalLines = "{zip} {city}"): AddressRules => ({
  region: "none",
  regionLabel: "State",
  postalLines,
  postcodeExample,
});

export const ADDRESS_RULES: Record<EuCountryCode, AddressRules> = {
  AT: plain("1010"),
  BE: plain("1000"),
  BG: plain("1000"),
  HR: plain("10000"),
  CY: plain("1010"),
  CZ: plain("110 00"),
  DK: plain("1050"),
  EE: {
    region: "optional",
    regionLabel: "County",
    postalLines: "{zip} {city} {state}",
    postcodeExample: "10111",
  },
  FI: plain("00100"),
  FR: plain("75001"),
  DE: plain("10119"),
  GR: plain("105 57"),
  HU: plain("1011"),
  IE: {
    region: "optional",
    regionLabel: "County",
    postalLines: "{city}\n{state}\n{zip}",
    postcodeExample: "D02 X285",
  },
  IT: {
    region: "required",
    regionLabel: "Province",
    postalLines: "{zip} {city} {state}",
    postcodeExample: "00144",
  },
  LV: {
    region: "optional",
    regionLabel: "Municipality",
    postalLines: "{state}\n{city}, {zip}",
    postcodeExample: "LV-1010",
  },
  LT: {
    region: "optional",
    regionLabel: "County",
    postalLines: "{zip} {city} {state}",
    postcodeExample: "01100",
  },
  LU: plain("1111"),
  MT: plain("VLT 1117", "{city} {zip}"),
  NL: plain("1012 AB"),
  PL: plain("00-950"),
  PT: plain("1000-001"),
  RO: {
    region: "optional",
    regionLabel: "County",
    postalLines: "{zip} {city} {state}",
    postcodeExample: "010011",
  },
  SK: plain("811 01"),
  SI: plain("1000"),
  ES: {
    region: "required",
    regionLabel: "Province",
    postalLines: "{zip} {city} {state}",
    postcodeExample: "28001",
  },
  SE: plain("113 51"),
};

/** The rules of a country; an unknown code (refused by the form anyway) gets the plain ones. */
export function addressRulesOf(country: string): AddressRules {
  return ADDRESS_RULES[country as EuCountryCode] ?? plain("");
}

/**
 * The postcode, town and region lines of an address, per country: "10119 Berlin",
 * "00144 Roma RM", "Dublin 2\nCo. Dublin\nD02 X285". An empty region leaves no gap or stray comma.
 */
export function postalLines(address: { city: string; state: string; zipCode: string; country: string }) {
  const { postalLines: template, region } = addressRulesOf(address.country);
  const values: Record<string, string> = {
    zip: address.zipCode.trim(),
    city: address.city.trim(),
    state: region === "none" ? "" : address.state.trim(),
  };
  return template
    .replace(/\{(zip|city|state)\}/g, (_, name: string) => values[name] ?? "")
    .split("\n")
    .map((line) =>
      line
        .replace(/\s+/g, " ")
        .replace(/\s+,/g, ",")
        .replace(/^[\s,]+|[\s,]+$/g, ""),
    )
    .filter(Boolean);
}

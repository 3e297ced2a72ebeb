import type { PostalAddress } from "../../core/checkout";

/** A complete, valid address in Berlin, as the address schema leaves it (no state line in Germany). */
export const BERLIN_ADDRESS: PostalAddress = {
  fullName: "Nova Shopper",
  addressLine1: "Torstraße 101",
  addressLine2: "",
  city: "Berlin",
  state: "",
  zipCode: "10119",
  country: "DE",
};

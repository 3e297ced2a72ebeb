// What a card form does while the shopper types: the number in groups of four, the expiry as
// MM/YY. Only the display changes; the server still reads the number without spaces and the
// expiry as MM/YY (server/payments/test-provider.ts).

const MAX_CARD_DIGITS = 19;

/** "4242424242424242" -> "4242 4242 4242 4242". */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * "1230" -> "12/30" as it is typed. A first digit from 2 to 9 can only be a month's second digit
 * ("4" -> "04"); a pasted four-digit year keeps its last two digits ("12/2030" -> "12/30").
 */
export function formatCardExpiry(input: string): string {
  const fullYear = /^\s*(\d{1,2})\s*\/\s*20(\d{2})\s*$/.exec(input);
  let digits = fullYear
    ? `${(fullYear[1] as string).padStart(2, "0")}${fullYear[2]}`
    : input.replace(/\D/g, "");
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

// An amount written out in English words, for the confirmations of large amounts: a slipped
// digit that hides in "1000.00" stands out in "one thousand".
import { usdt } from "@/domain/money.ts";

const ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const scales = [
  { size: 1_000_000_000, name: "billion" },
  { size: 1_000_000, name: "million" },
  { size: 1_000, name: "thousand" },
];

function belowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${ones[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20) parts.push(rest % 10 ? `${tens[Math.floor(rest / 10)]}-${ones[rest % 10]}` : tens[Math.floor(rest / 10)]!);
  else if (rest > 0 || parts.length === 0) parts.push(ones[rest]!);
  return parts.join(" ");
}

/** A whole number below a trillion in words: 1250 → "one thousand two hundred fifty". */
export function numberWords(n: number): string {
  const parts: string[] = [];
  let rest = n;
  for (const { size, name } of scales) {
    if (rest >= size) {
      parts.push(`${belowThousand(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0 || parts.length === 0) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/** An amount the API or a form gives as text, in words: "12.50" → "twelve USDT and 50 cents". */
export function usdtWords(amount: string): string {
  const micro = Math.abs(usdt(amount));
  const whole = Math.floor(micro / 1_000_000);
  const cents = Math.round((micro % 1_000_000) / 10_000);
  const words = `${numberWords(whole)} USDT`;
  return cents ? `${words} and ${cents} ${cents === 1 ? "cent" : "cents"}` : words;
}

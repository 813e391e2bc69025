// The portable seeded shuffle of docs/deals.rst ("Portable deals"), written from that page
// alone, as a JavaScript front-end would: node:crypto for SHA-256, BigInt for 64-bit words.
//
//   node shuffle.mjs < requests.json
//
// stdin: a JSON array of requests {"packs": 2, "jokers": 4, "seed": "7", "hand": 1}
// ("packs" is the variant's `decks`, the number of 52-card decks; "seed" a decimal string, a
// signed 64-bit integer; "hand" the hand number, from 1). stdout: a JSON array with, for each
// request, the whole deck in dealing order in the card notation ("3C", "TH", "JK").

import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"];
const SUITS = ["S", "H", "D", "C"];
const TWO_64 = 1n << 64n;
const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

// The canonical pack: each deck by rank from the two up to the ace, each rank in the suit
// order spades, hearts, diamonds, clubs; after the last deck the jokers.
export function canonicalPack(decks, jokers) {
  const cards = [];
  for (let p = 0; p < 52 * decks + jokers; p++) {
    if (p < 52 * decks) {
      const index = p % 52;
      cards.push(RANKS[Math.floor(index / 4)] + SUITS[index % 4]);
    } else {
      cards.push("JK");
    }
  }
  return cards;
}

// The stream of unsigned 64-bit values: four per SHA-256 digest, big-endian, in order.
export function* randomStream(seed, handNumber) {
  for (let k = 0; ; k++) {
    const text = `canasta-deal-v1:${seed}:${handNumber}:${k}`;
    const digest = createHash("sha256").update(Buffer.from(text, "ascii")).digest();
    for (let m = 0; m < 4; m++) {
      yield digest.readBigUInt64BE(8 * m);
    }
  }
}

export function shuffledPack(decks, jokers, seed, handNumber) {
  const cards = canonicalPack(decks, jokers);
  const stream = randomStream(seed, handNumber);
  for (let i = cards.length - 1; i >= 1; i--) {
    const b = BigInt(i + 1);
    const limit = TWO_64 - (TWO_64 % b);
    let u;
    do {
      u = stream.next().value;
    } while (u >= limit);
    const j = Number(u % b);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

function integer(value, what) {
  // Accept a decimal string or a JSON number; write it back as the canonical decimal text.
  if (typeof value === "string" && !/^-?\d+$/.test(value)) {
    throw new Error(`${what}: not a decimal integer: ${JSON.stringify(value)}`);
  }
  if (typeof value === "number" && !Number.isSafeInteger(value)) {
    throw new Error(`${what}: pass big integers as decimal strings: ${value}`);
  }
  return BigInt(value);
}

function deal(request) {
  const decks = Number(request.packs ?? request.decks);
  const jokers = Number(request.jokers);
  if (!Number.isInteger(decks) || decks < 1 || !Number.isInteger(jokers) || jokers < 0) {
    throw new Error(`packs/jokers: ${JSON.stringify(request)}`);
  }
  const seed = integer(request.seed, "seed");
  if (seed < INT64_MIN || seed > INT64_MAX) {
    throw new Error(`seed: outside the signed 64-bit range: ${seed}`);
  }
  const hand = integer(request.hand, "hand");
  if (hand < 1n) {
    throw new Error(`hand: counts from 1, not ${hand}`);
  }
  return shuffledPack(decks, jokers, seed.toString(), hand.toString());
}

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const requests = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  process.stdout.write(JSON.stringify(requests.map(deal)) + "\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`shuffle.mjs: ${error.message}\n`);
    process.exit(1);
  });
}

// Shuffle sharding (kube's shufflesharding.Dealer): a flow's hash deals it a hand of `handSize`
// distinct queues out of `deckSize`, so two flows rarely share every queue and one heavy flow
// cannot fill the queues of all others. The flow's hash is kube's: the first 8 bytes, little
// endian, of sha256(flowSchemaName, 0, distinguisher).

import { createHash } from 'node:crypto';

export function flowHash(flowSchemaName: string, distinguisher: string): bigint {
  const digest = createHash('sha256').update(flowSchemaName).update(Buffer.of(0)).update(distinguisher).digest();
  return digest.readBigUInt64LE(0);
}

/** The queue indices of the hand dealt by `hash`, in dealing order. */
export function dealHand(hash: bigint, deckSize: number, handSize: number): number[] {
  // Mixed-radix digits of the hash: the i-th pick is among the deckSize-i cards still in the deck.
  const picks: number[] = [];
  let rest = hash;
  for (let i = 0; i < handSize; i++) {
    const radix = BigInt(deckSize - i);
    picks.push(Number(rest % radix));
    rest /= radix;
  }
  // A pick indexes the cards left: step over each card dealt before it at or below its place.
  const hand: number[] = [];
  for (let i = 0; i < picks.length; i++) {
    let card = picks[i] as number;
    for (let j = i; j > 0; j--) if (card >= (picks[j - 1] as number)) card++;
    hand.push(card);
  }
  return hand;
}

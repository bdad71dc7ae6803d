"""The English catalogue: each message id and its template."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "_and": "{first} and {last}",        # joins the last two of a list of players
    "_comma": ", ",                      # joins the others, and lists of cards
    "_card": "{name}",                   # a card by name (Chinese quotes it: 「盜取」)
    "_as": "{card} (as {colour})",       # a wild property standing as a colour
    "_group": "{colour} #{number}",      # a second (third, ...) group of one colour
    "_money": "{amount}M",
    "_copies": "{number} × {card}",
    "turn": "Turn {turn} —",             # a heading: joined to the turn's first sentence
    "dice": "{player} rolls {total}.",
    "dice-again": "{players} tie and roll again.",
    "skip": "{player} is in jail and misses this turn.",
    "draw": "{player} draws {count} cards.",
    "draw-one": "{player} draws a card.",
    "draw-seen": "{player} draws {count} cards: {cards}.",
    "draw-one-seen": "{player} draws {card}.",
    "draw-none": "{player} draws nothing: the draw pile and the discard pile are empty.",
    "reshuffle": "The discard pile is shuffled into a new draw pile of {count} cards.",
    "bank": "{player} banks {card}.",
    "bank-action": "{player} banks {card} as {value}.",
    "property": "{player} puts down {card}.",
    "recoloured": "{player} turns {card} from {old} to {new}.",
    "regrouped": "{player} moves {card} into another {colour} group.",
    "swapped": "{player} moves {card} out of the built {old} set to {new}, putting {partner} in its place.",
    "built": "{player} puts {card} on the {colour} set.",
    "play-card": "{player} plays {card}.",
    "birthday": "{player} asks {targets} for {amount} each with {card}.",
    "debt": "{player} asks {target} for {amount} with {card}.",
    "rent": "{player} charges {targets} {amount} rent for {group} with {card}.",
    "rent-each": "{player} charges {targets} {amount} rent each for {group} with {card}.",
    "rent-doubled": "{player} charges {targets} rent for {group} ×{times} = {amount} with {card} and {doubles}.",
    "rent-doubled-each": "{player} charges {targets} rent for {group} ×{times} = {amount} each with {card} and {doubles}.",
    "speeding": "{player} makes {targets} discard a card with {card}.",
    "speeding-each": "{player} makes {targets} discard a card each with {card}.",
    "aim-card": "{player} plays {card} on {victim}'s {target}.",
    "aim-set": "{player} plays {card} on {victim}'s {group} set.",
    "aim-player": "{player} plays {card} on {victim}.",
    "no": "{player} says no (Just Say No).",
    "no-back": "{player} says no back.",
    "no-again": "{player} says no again.",
    "transfer": "{player} passes the rent on to {target} with {card}.",
    "transfer-cancelled": "The Rent Transfer to {target} is cancelled: {player} pays after all.",
    "cancelled": "The {card} against {target} is cancelled.",
    "took": "{player} takes {victim}'s {target} with {card}.",
    "took-two": "{player} takes {victim}'s {first} and {second} with {card}.",
    "forced": "{player} takes {victim}'s {taken} and gives {victim} {given} with {card}.",
    "took-set": "{player} takes {victim}'s complete {colour} set ({cards}) with {card}.",
    "jailed": "{player} sends {victim} to jail with {card}: {victim} misses the next turn.",
    "inherited": "{player} takes a card from {victim}'s hand with {card}.",
    "inherited-seen": "{player} takes {taken} from {victim}'s hand with {card}.",
    "paid": "{payer} pays {receiver} {cards} ({amount}).",
    "paid-money": "{payer} pays {receiver} {amount}.",   # one money card: its amount, said once
    "paid-nothing": "{payer} has nothing to pay {receiver} with.",
    "placed": "{player} puts the {card} received on the {colour} set.",
    "placed-bank": "{player} banks the {card} received.",
    "discarded": "{player} discards {card}.",
    "put-back": "{player} puts a card at the bottom of the draw pile.",
    "put-back-seen": "{player} puts {card} at the bottom of the draw pile.",
    "won": "{player} wins with {count} complete sets.",
    "turn-limit": "The game stops at the turn limit of {turns} turns, with no winner.",
}

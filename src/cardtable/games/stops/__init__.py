"""The Stops family: Michigan (Newmarket), Cross-Color, Sequence and Jackpot Michigan, Boodle, Spin, Pope Joan.

Source: seed ``004_2edd6d7cae07c8ad.txt`` (Scarne's "Stops" chapter; the Michigan and Boodle
headings are lost), with the gaps resolved in ``docs/decisions.md``
(MI-GAP-1 … MI-GAP-4, BO-GAP-1, BO-GAP-2, SP-GAP-1, SP-GAP-2, PJ-GAP-1 … PJ-GAP-4).
The suit sequences are a :class:`cardtable.core.layouts.Layout` (ace high, built upward).

Modules: :mod:`.michigan` (the family's base, :class:`Michigan`), :mod:`.michigan_variants` (Cross-Color,
Sequence and Jackpot Michigan) and :mod:`.boodle` (Boodle, Spin, Pope Joan). Each variant is one class that
states only what differs; the players' text is ``games/rules/<id>.md``.

The rules as implemented
------------------------
"A player holding specified eligible card or cards, when his turn comes, may play. Otherwise, he
is 'stopped' and the turn to play passes to the next player. The first to play off all his cards
is the winner."

Michigan (``michigan``; also Newmarket, Chicago, Michigan Boodle, Saratoga): "Three to eight
players. A regular 52-card deck ... ace (high) ... two (low)." "From another pack the following
four cards are removed: ace of hearts, king of clubs, queen of diamonds, and jack of spades. These,
known as 'boodle' or money cards, are placed face up in the center of the table"; "before every
deal each player places one chip on each money card" (MI-GAP-1: option ``dealer_double_ante``,
the dealer puts two). Each money card's chips are a pool named after the card ("ace of hearts"
...), carried from deal to deal: "If a money card is not cleared in one deal, the chips remain on
it until duly won."

"All cards are dealt out, one at a time ... as though an extra hand were in the game ... The extra
hand, or widow, is at the dealer's left and is the first hand dealt to. It does not matter if ... the
pack does not divide evenly." "After dealer looks at his hand, he may exchange it for the widow"
(action ``take``: his own hand goes face down, dead). "If he decides to keep his original hand"
(``keep``) "he must auction off the right to exchange the widow to the highest bidder among the
other players. Dealer collects the amount of the chips of the highest bid." The auction goes round
from the dealer's left (``bid N``, ``pass``; a seat that passes is out); the buyer exchanges at
once. The seed sets no limit (MI-GAP-5): a ceiling exists only because the legal actions are a
finite list, and it is set where no sensible bid reaches it, 100 or all the chips on the money
cards if they are more (option ``widow_max_bid``: a lower ceiling by agreement). MI-GAP-4: if nobody bids the
widow stays dead. "The face-down hand is not used in play." Only the exchanger knows the dead hand.
"Players cut for the deal ... Thereafter the deal rotates to the left": the cut is not modelled (a
match's first dealer is given, seat 0 by default); the deal then passes to the left.

"Player at dealer's left begins by putting face up on the table his lowest card of any suit he
chooses ... it must be the lowest card he holds in that suit" (MI-GAP-3: also after the widow
auction). "If he holds any card, or cards, in next higher rank, he may continue to play. When he
can no longer play, the turn passes to any player who can continue to build up on the suit": the
turn goes straight to the holder of the next card (the stops principle), who must play it. "When the ace is
reached ..., or when no one can play an eligible card on a suit (because the missing card happens
to be in the face-down hand), it is a 'stop.'" (A restarted suit also stops at a card already on
the table.) "The one who played the last card may now lead the lowest card he holds in some other
suit ... If he cannot change the suit, the turn to play passes to his left" (action ``pass``);
MI-GAP-2: each player in turn must start a suit other than the one just stopped, with his lowest
card in it. "If it should happen that no player can begin a new suit, the turn comes back to the
original passer, who then may play the lowest card in his hand" (any card of that lowest rank).
"It is not permitted to spread a pile to inspect played cards": the view shows each suit's run by
its ends only (``layout``), though the action history, like a good memory, lists every card played.

"When a player plays a card that duplicates a money card, he takes all the chips on that card."
"Play ends when any player goes out by getting rid of all his cards. The winner collects a chip
from each other player for every card that player has left in his hand."

Irregularities (option ``penalised_passes``, off by default, issue 6): the software otherwise
refuses a pass while a card may be played. When on, ``pass`` is legal for a player able to play:
"For failing to play properly in his turn, the player pays a penalty of one chip to each of the
others." A holder of the next card who passes stops the suit (the last player then leads a new
suit) and is then known to hold it. "If in not playing properly in his turn a player keeps someone
from winning boodle chips, the offender must make good the loss, but the chips on the boodle card
are carried over": ENGINE DEFAULT reading — the money cards of the run his pass broke (the unbroken
sequence above his card held in live hands) whose holders did not win them this deal are paid, by
the offender to each such holder, the chips then on the card, which stay there.

Cross-Color Michigan: "When a stop has occurred, a player may only start a new suit in a different
color from the last one played"; if nobody can, the turn passes as above and the original passer
plays the lowest card in his hand.

Sequence Michigan: "There is an extra money-card sequence consisting of the nine, ten, and jack of
hearts. A player who holds and plays two cards of this sequence in consecutive order, for example,
ten then jack, collects all the chips on the sequence. New chips are added in each deal" — each
player puts ``sequence_ante`` (ENGINE DEFAULT 1) on the pool ``sequence``.

Jackpot Michigan: "A jackpot is established by having each player ante one chip to a special pool on
each hand of a complete round of dealing. When the deal returns to dealer, who started the round,
the winner of that hand receives the extra bonus of the jackpot." ENGINE DEFAULT (option
``jackpot_pay_on``): antes on N hands (N = players); the winner of hand N+1 takes them, and that
hand's antes start the next round (``hand_n``: the winner of hand N takes all).

Boodle (``boodle``): Michigan except "The money or boodle cards are: ace of hearts, king of diamonds,
queen of spades, and jack of clubs. Before the deal, each player may place his four chips on the
money cards as he pleases, all on one card or some on all" — before the cards are dealt, each player
from the dealer's left names the card for each chip, e.g. ``stake ace ace king jack``. "The deck is
dealt in equal hands to the players, leaving three or more cards for a widow": BO-GAP-1, Foster's
table (3: 15 each, 7 left; 4: 12/4; 5: 9/7; 6: 8/4; 7: 7/3; 8: 6/4; option ``deal_table``), dealt
one at a time, the undealt rest being the widow (BO-GAP-2). "The widow cannot be exchanged or
purchased, and it is set aside, face down, as a dead hand to create stops."

Spin (``spin``, Spinade): Boodle, "except that a player who holds the ace of diamonds may stop any
sequence when his turn comes by playing it and announcing 'Spin.' He then plays his lowest card in
some other suit ... he must, however, play an eligible card before playing the ace of diamonds."
Action ``spin X``: play the eligible card X, then the ace of diamonds, a stop after which he leads
another suit than X's (SP-GAP-2). Played in sequence after the king, the ace of diamonds is an
ordinary ace. SP-GAP-1: option ``spin_bonus`` (3 from each other player, Hervey's Spinado; default 0).

Pope Joan (``pope-joan``): Boodle except "Boodle or money cards: nine and ten of diamonds, jack of
clubs, queen of spades, and king of hearts. Only the dealer puts the chips on the money cards ... one
on the ten of diamonds, two on the jack of clubs, three on the queen of spades, four on the king of
hearts, and five on the nine of diamonds." The seed's "usually" makes these amounts a house choice:
options ``stake_ten_of_diamonds`` … ``stake_nine_of_diamonds`` (0 to 100 chips each), the seed's usual
one to five by default. "A player who is caught at the end of the play with the duplicate of a money card
in his hand must double the chips on that card for the next deal": PJ-GAP-4, he pays in as many chips as
are then on it; the next dealer's stake is added after.

>>> import cardtable as ct
>>> from cardtable.core.cards import PACK_52
>>> d = ct.load("michigan", players=3).deal(seed=3, dealer=2)
>>> d.turn, d.legal()  # the dealer takes the widow or keeps his hand and sells it
(2, ['take', 'keep'])
>>> d.act("keep"); d.turn, d.legal()[:3]
(0, ['pass', 'bid 1', 'bid 2'])
>>> d.view(0)["pools"]
{'ace of hearts': 3, 'king of clubs': 3, 'queen of diamonds': 3, 'jack of spades': 3}
"""

from __future__ import annotations

from .boodle import Boodle, PopeJoan, Spin
from .michigan import Michigan, StopsPhase
from .michigan_variants import CrossColorMichigan, JackpotMichigan, SequenceMichigan

__all__ = ["GAMES", "Boodle", "CrossColorMichigan", "JackpotMichigan", "Michigan", "PopeJoan", "SequenceMichigan",
           "Spin", "StopsPhase"]

GAMES = (Michigan, CrossColorMichigan, SequenceMichigan, JackpotMichigan, Boodle, Spin, PopeJoan)

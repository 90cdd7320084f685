"""Six-Bid Solo, Frog, Coeur d'Alene Solo and Progressive (Denver) Solo.

Source: seed ``001_50a7678b5606f88b.txt`` (Scarne's text), sections "Six-Bid Solo", "Frog",
"Coeur D'Alene Solo" and "Progressive Solo", with the gaps resolved in
``docs/decisions.md`` (SB-GAP-1 … SB-GAP-7, FR-GAP-1 … FR-GAP-3,
CA-GAP-1, PS-GAP-1 … PS-GAP-4).

The rules as implemented
------------------------
Players. "Three or four players, but only three play at a time." "If four play, the dealer
does not give cards to himself": he sits out the play but shares in the settlement (below).
Frog also takes five (Foster's Frog, FR-GAP-3 note: "If five play, he gives cards to the two
on his left and one on his right"); the two without cards share in the settlement as the
dealer does at four (ENGINE DEFAULT, extending the seed's four-hand rule).

Cards. "A 36-card deck. The cards in each suit rank: ace (high), ten, king, queen, jack, nine,
eight, seven, and six." Card points "as in Skat": ace 11, ten 10, king 4, queen 3, jack 2
(120 in the pack); lower cards count nothing.

Deal. "The rule of the deal is 'four-three-widow-four.' That is, dealer first deals a round
of four at a time, beginning with the player at his left; then a round of three at a time,
then three cards face down for a widow or blind; finally a round of four at a time. Each hand
thus receives 11 cards." Nobody sees the widow until it is used or, at the end, counted.

Bidding (Six-Bid Solo, Frog, Coeur d'Alene). "The hand to the left of the dealer makes the
first bid or pass. Each bid consists in naming one of the six games. If he bids and the next
hand bids more (names a higher-ranking game), these two first settle who can make the higher
bid. Once a player passes, he is out of the bidding. Third player settles with survivor of
first two as to which can make the higher bid." A player speaks again only when overcalled
(SB-GAP-6). "If all pass, there is a new deal by the next dealer in turn": the deal ends with
no payment. Actions: ``pass`` or the game's word (``solo``, ``heart-solo``, ``misere``,
``guarantee-solo``, ``spread-misere``, ``call-solo``; ``frog``, ``chico``, ``grand``).

Six-Bid Solo's games, low to high (tariff SB-GAP-1, every value an option):

* Solo — "the bidder names any suit other than hearts as trumps. The widow is set aside
  untouched, but is added to bidder's cards at the end of play. The bidder does not name his
  trump unless and until his bid proves to be the high one" (action ``trump spades`` …).
  2 chips for each point over or under 60 (``solo_rate``).
* Heart Solo — "Same as simple solo in all respects, but hearts are trumps"; 3 a point
  (``heart_solo_rate``). "In simple solo and heart solo, if each side wins 60 points there
  is no score for the deal."
* Misère — "There are no trumps, and the bidder undertakes to avoid taking any counting
  cards. The widow is set aside and is not used during play or counted afterward." 30 chips
  (``misere``; SB-GAP-1 default 30). ``misere_goal="no_tricks"`` asks for no trick at all
  instead (SB-GAP-2).
* Guarantee Solo — "The bidder guarantees to win a certain minimum of the counting cards: 74
  points if he names hearts as trumps, or 80 if he names another suit. The widow is not used
  during play but is added to the bidder's cards afterward." 40 chips (``guarantee_solo``).
* Spread Misère — "Same as misere with two additions: the bidder exposes his whole hand face
  up after the opening lead, and opening lead is made by the player at the left of bidder."
  The hand shows in every view (key ``exposed``) from the opening lead, or, with
  ``spread_expose="after_first_trick_cards"``, once the other two have played to the first
  trick (SB-GAP-3). 60 chips (``spread_misere``). At four, when the bidder's left is the
  dealer, who holds no cards, the next active player leads (ENGINE DEFAULT).
* Call Solo — "The bidder undertakes to win all 120 points. The widow is not used in play but
  is added to the bidder's tricks at the end. Before the opening lead, the bidder calls for any
  card not in his hand, and the holder of this card must give it to him in exchange for any
  card the bidder chooses to give in return. If the called card is in the widow, there is no
  exchange of cards." The bidder names trumps, then calls in words (``call ace of spades``:
  the card is one he cannot see, so the action names it in words), then gives
  (``give 6C``; only the bidder and the holder see which card) (SB-GAP-7). An opponent's
  trick holding no counting card does not break it (SB-GAP-4). 150 chips with hearts trumps,
  100 with another suit (``call_solo_hearts``, ``call_solo_other``).

Play. "Except in spread misere, the opening lead is invariably made by the player at left of
dealer. Each hand must follow suit to the lead, if able, and if unable to follow suit must
trump, if able. But there is no compulsion to trump high or low." All eleven tricks are
played. "The two other players combine against the bidder."

Settlement. "The bidder, if he makes the required number of points in play, collects the value
of his game from each of the other players; if he fails, he pays a like amount to each other
player. If there are four players, all share in the gains or losses, except that if the bidder
makes simple solo or heart solo he collects only from the two other active players." A failed
Solo or Heart Solo pays all three (SB-GAP-5 literal; ``four_hand_solo_loss="pay_two"`` pays
only the two active players). The exception covers the simple and heart solos of every game
here (Frog's Chico and Grand, Coeur d'Alene's Solo and Heart Solo, Progressive's suit solos);
Frog itself, Misère and the other flat games share with the dealer (ENGINE DEFAULT, our
reading: "simple solo or heart solo" names the solos, not Frog). At Frog's five the two
without cards share as the dealer does at four.

Frog ("Rana", "Sixty Solo"): "played the same as Six-Bid Solo, except that there are only
three possible bids". Frog (lowest): "Hearts are trumps. The bidder picks up the widow and
then discards any three cards face down" (``discard 7C`` three times; the discards count for
him, FR-GAP-3); 1 a point over or under 60 (``frog_rate``). Chico: simple solo (trump any suit
but hearts, widow counts), 2 a point (``chico_rate``). Grand (the lost third bid, FR-GAP-1):
hearts trumps, widow unused but counted for the bidder; 3 a point (``grand_rate``: 3 or 4,
FR-GAP-2). 60 points: no score.

Coeur d'Alene Solo: "Each hand constitutes a complete game, 61 points being needed to win;
excess points are not considered. If a bidder makes 60 points, it is rated a tie" (no
payment; the deal passes to the left). "1 chip for a frog, 2 chips for a simple solo, 3 chips
for a heart solo", won from or paid to each opponent (a loss pays the same flat amount:
ENGINE DEFAULT, CA-GAP-1 note; CA-GAP-1: the bids are Frog < Solo <
Heart Solo; ``bids="six_bid"`` adds Six-Bid's Misère, Guarantee Solo, Spread Misère and Call
Solo with their flat values).

Progressive Solo (Denver Solo): "five standard bids, which rank upward: frog, spade solo, club
solo, diamond solo, heart solo. The bidding continues around and around, until all players but
one have passed. Once a player passes, he may not reenter the bidding." Frog's trumps are
hearts (PS-GAP-1). "Only a frog bidder may take the widow and discard in its place, the
discards counting for him in play. Other bidders do not use the widow, but the cards in it
count for them." "Any player in his turn may double a bid" (``double``); "a doubled player may
redouble" (``redouble``, in his turn). "A double or redouble does not end the bidding. The
doubled or redoubled bid may be overcalled by anyone making a higher bid in turn"; an
overcall cancels the double (PS-GAP-4, engine default). "Anyone" are the others: the doubled bidder passes or
redoubles (PS-GAP-6; option ``doubled_bidder_overcalls``: he may bid higher too). A pass is final for
everyone, the holder of a doubled bid included (PS-GAP-5): if he passes in his turn instead of redoubling he
is out of the bidding; his bid stands and becomes the contract if nobody overcalls it, and if somebody does he
cannot come back. The highest bid made is always the contract. Rates per point over or under 60: frog 1, spade
2, club 3, diamond 4, heart 5; "if both sides make 60, it is rated a tie". Doubled: a made bid collects twice
the usual from the doubler and the usual from the others; a failed one pays twice to each opponent (PS-GAP-2;
``failed_double_pays``); redoubled: four times, by the same plan. "Each player contributes equally to a frog
pot and a solo pot. If a bidder succeeds, he takes the appropriate pot; if he fails, he doubles the value of
the pot" (PS-GAP-3: he pays in its current content). How the pots are fed is not written: every player at the
table puts ``pot_ante`` chips into a pot that is empty at the start of a deal (``pot_feed="when_empty"``; or
into both pots every deal, ``"every_deal"``), ENGINE DEFAULT.

Each variant is one class (:class:`SixBidSolo`, :class:`Frog`, :class:`CoeurDAleneSolo`,
:class:`ProgressiveSolo`): its declaration as class attributes, its phases (bid, trump, call, give,
discard, play) with one checker each, and the few hooks of the core (see docs/developing.md).

Modules: :mod:`.contracts` (the cards, the card points, the games that may be bid as data, the tariff
options), :mod:`.six_bid` (the family's base, :class:`SixBidSolo`: the deal, the bidding, naming trumps,
Call Solo's call and exchange, Frog's discards, the play and the settlement), :mod:`.frog` (Frog and
Coeur d'Alene Solo) and :mod:`.progressive` (Progressive Solo: doubling and the pots). Each variant states
only what differs; the players' text is ``games/rules/<id>.md``.

>>> import cardtable as ct
>>> d = ct.load("six-bid-solo", players=3).deal(seed=1)
>>> d.turn, d.legal()[:3]
(1, ['pass', 'solo', 'heart-solo'])
>>> for a in ["heart-solo", "pass", "pass"]:
...     d.act(a)
>>> d.view(1)["contract"], d.view(1)["trump"], d.view(1)["phase"], d.turn
('Heart Solo', 'H', 'play', 1)
"""

from __future__ import annotations

from .contracts import Contract
from .frog import CoeurDAleneSolo, Frog
from .progressive import ProgressiveSolo
from .six_bid import SixBidSolo, SoloPhase, SoloSetup

__all__ = ["GAMES", "CoeurDAleneSolo", "Contract", "Frog", "ProgressiveSolo", "SixBidSolo", "SoloPhase",
           "SoloSetup"]

GAMES = (SixBidSolo, Frog, CoeurDAleneSolo, ProgressiveSolo)

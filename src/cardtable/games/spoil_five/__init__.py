"""Spoil Five and its family: Forty-Five, Twenty-Five, Auction Forty-Five, Hasenpfeffer.

Source: seed ``003_30d3d4dac9c6032b.txt`` (Scarne's text), with the gaps resolved in
``docs/decisions.md`` (SF-GAP-1…7, 45-GAP-1…3, A45-GAP-1…4, HP-GAP-1…3).
Modules: :mod:`.ranking` (the one ranking function), :mod:`.base` (the five-card deal, robbing, Spoil
Five play, scores by side), :mod:`.spoil`, :mod:`.forty_five` (with Twenty-Five), :mod:`.auction`,
:mod:`.hasenpfeffer`.

The rules as implemented
------------------------
**Rank of cards** (one function, :func:`family_rules`, for all five games). "Of the trump suit,
the five is high, the jack second highest, the ace of hearts third, then the ace, king, queen
in order. The rank of the spot or index cards, trump or not, is expressed 'highest in red,
lowest in black'" (SF-GAP-1):

* hearts trumps (13): ``5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H``
* diamonds trumps (14): ``5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D``
* spades or clubs trumps (14): ``5x Jx AH Ax Kx Qx 2x 3x 4x 6x 7x 8x 9x Tx``
* plain red suits: ``K Q J T 9 8 7 6 5 4 3 2 A`` ("the diamond ace is lowest of all"; the ace
  of hearts is always a trump); plain black suits: ``K Q J A 2 3 4 5 6 7 8 9 T``.

**Play.** "Each player in turn must follow suit, or he may play a trump even if able to follow
suit. If he cannot follow suit, he may play a trump or throw off any card". "A player must follow
suit to a trump if able to, but ... five and jack of trumps or ace of hearts ... need not follow
suit with such a card if the card led is a trump card of lower rank. But he must follow suit with
such a card if the lead was a trump card of higher rank" (SF-GAP-2: a trump in hand is
*protected* iff it is one of those three and outranks the card led; holding any unprotected trump,
a player must play a trump, any trump; holding only protected trumps, any card; the ace of hearts
led is a trump lead).

**Robbing the trump** (Spoil Five, Forty-Five, Twenty-Five). "Should the turned trump card be an
ace, the dealer may discard any card in his hand face down for it" (also the ace of hearts,
SF-GAP-6). "But he must declare whether or not he is exchanging for the ace": before the first lead he
says ``decline``, ``rob <card>`` (the card goes face down out of play at once, the 1911 Britannica's
timing) or ``rob``: "He can either discard when playing to the first trick, or he can leave the ace there
until ready to play it" — the ace waits face up on the table, and at any turn of his the dealer may say
``rob <card>`` to put that card out and take the ace into his hand, which he must do before he can play
it; until then his hand is his five cards for every obligation (engine decision: the seed makes the ace
his to play when he is ready, not before). With ``rob_compulsory`` (the Britannica's rule, which also
has the robbing done before the first lead) the dealer must ``rob <card>`` at once. Otherwise "a player
who does hold the ace of that suit may exchange any card in his hand for the turned-up card when it is
his turn to play" (``rob <card>``, at his first turn only, with any card but the ace itself, whose
exchange for the turn-up would change nothing but the ace's loss) "... he must
tell the dealer to turn the trump face down" (``decline``); "If the holder of the ace of trumps
makes a play without exchanging or identifying himself, his ace becomes the lowest trump in play.
And if it should happen to be the ace of hearts, it loses the privilege" (SF-GAP-4, SF-GAP-7).
Options (SF-GAP-4, from the 1911 Britannica): ``rob_compulsory`` — "the dealer must 'rob'" and "a
player who holds the ace of trumps must rob", so ``decline`` is not offered to either; Spoil Five's
``unannounced_ace="cannot_win_pool"`` — "A player who fails to rob cannot go out that hand": his
ace keeps its rank, and if he wins three tricks the deal is spoilt (nobody else can then win three).
Forty-Five and Twenty-Five have no pool to forfeit, so they offer only Scarne's lowest-trump rule
(engine decision).

**Spoil Five** pool. "Each player puts one chip in the pool. The pool may be taken by the first
player to win three tricks": the deal ends there. Jinking (SF-GAP-3): a player who wins his third
trick having won every trick so far, with tricks to come, says ``claim`` (he takes the pool; the
deal ends) or ``jink`` (he leads on and "must win all five (in which case he gets the pool plus one
chip from each other player); if he does not win all five tricks, he does not get the pool" — the
deal ends at the first trick he loses and the pool stays, since nobody else can now win three).
"After any hand in which the pool is not won, each player puts in another chip" (SF-GAP-5, option
``spoil_topup``: ``each_player_1`` or Hervey's ``dealer_only``); the pool is carried to the next
deal.

**Forty-Five** (45-GAP-1, 45-GAP-2): Spoil Five's play and robbing for 2, 4 (2 v 2) or 6 (3 v 3)
players, partners seated alternately (seats 0, 2, 4 v 1, 3, 5); no pool and no jinking; all five
tricks are played. "Side taking three or four tricks scores 5 points; five tricks, 10 points.
Sometimes each trick counts 5 points, and score of side taking fewest tricks is deducted from that
of side taking most tricks" (option ``deal_scoring``: ``five_ten`` | ``per_trick_net``); "45
points is game". **Twenty-Five**: "played for 25 points; otherwise ... Forty-Five"; option
``scoring="five_per_trick_individual"`` is Parlett's individual game (2–10 players, 5 a trick; the
first to reach 25 wins at once — the deal stops there: play-25.com, "Each trick won = 5 points ...
First to 25 points wins the game"); ``deal_scoring`` does not apply to it and is refused. Player
counts: the seed's Twenty-Five is Forty-Five's 2, 4 or 6 (partners sitting alternately); the individual
game takes 2 to 10 (pagat.com, Twenty-Five: "can be played by as few as two or as many as ten ... Any
number can play as individuals"), and the catalogue says so (``GameInfo.player_counts_by_option``).

**Auction Forty-Five** (4 or 6 players in partnerships). "The high bidder names the trump", so no
card is turned up and nobody robs. "Bids are in multiples of 5 points and the highest bid is 30"
(``bid 15`` … ``bid 30``, minimum option ``min_bid``, A45-GAP-2). "Each bid must be higher than the
preceding bid, except that dealer may [take] the previous bid without going over, by saying 'I
hold'" (``hold``); "if he does, each player who did not previously pass gets another turn and dealer
again may take the bid". The dealer's own bid or pass closes the auction (the seed reopens it only
after a hold). "A side having 100 points or more may not bid less than 20" — nor hold less. All
pass: the deal is thrown in and the deal passes left (``all_pass="redeal"``, ENGINE DEFAULT) or the
dealer must bid the minimum. "The high bidder names the trump" (``trump hearts``), "then each player
discards as many cards as he wishes" (``discard <card>`` repeated, then ``done``) "and dealer
restores his hand to five cards from the top of the pack" (A45-GAP-1: to each in turn from the
dealer's left, as each says ``done``; a player may not discard more cards than are left in the pack
— engine decision, it matters only with six players). "The player at the left of the high bidder
leads". "Each trick won counts 5 and the highest trump in play counts an additional 5"
(A45-GAP-4: the trick holding the highest trump actually played). "If the high bidder's side makes
its bid, it scores all it makes; if it fails, the amount of the bid is subtracted ... The opposing
side always scores whatever it wins in tricks. A bid of 30 (for all five tricks) is worth 60 if it is
made and loses 30 if it fails": made when the bidding side takes every trick, whatever its points
(A45-GAP-5: if no trump is played, the five for the highest trump goes to nobody, yet the bid is
made). "Game is won by the first side to reach 120" (A45-GAP-3, ``tie_order``).

**Hasenpfeffer** — "This old game is another offshoot of Euchre": the catalogue lists it in the euchre
family (``family="euchre"``); it lives in this package because it plays with the same machinery (a deal of
five or six cards, bids by sides, scores by side). 4 players, 2 v 2, partners opposite: seats 0 and 2 v 1
and 3, as in partnership euchre; 25 cards A K Q J T 9 and the joker. "The joker is the highest trump",
then the euchre bowers (HP-GAP-1: right bower = jack of trumps, left bower = the other jack of the same colour,
which belongs to the trump suit only), then A K Q T 9. "Dealer gives three cards at a time to each
player until all have hands of six cards. The last card is turned face down". One bid each from
the dealer's left (``pass`` or ``bid 1`` … ``bid 6``, each higher, HP-GAP-2). "If all players pass,
the player holding the joker must bid three" (HP-GAP-3, even after passing; his bid shows that he
holds it) "and name which suit is to be trump. If no one holds the joker, there is a new deal by the
same dealer." "The successful bidder picks up the face-down card ... names the suit ... discards
any one card ... Then he leads". "A player must follow suit if able"; "A player may not play the
joker as long as he can follow to a no-trump suit led" (the joker is a trump, so following suit
already forbids it). Bidder's side making its bid scores 1 a trick, else "set back" by the bid;
opponents always score their tricks; game 10, "If both sides reach 10 points in the same deal, the
bidding side wins."

**What the engine leaves out.** The first dealer ("deals cards one at a time ... until a jack is turned") is
chosen outside the deal: ``game.deal(dealer=...)`` or ``Match(dealer=...)``, or, with the option
``first_dealer="cards"``, by the match, which deals a shuffled pack face up until a jack turns up
(Hasenpfeffer: the cut, low deals; FD-2, FD-4); the deal then passes to the left as the seed says
(Hasenpfeffer's redeal aside). Misdeals, irregular hands and revokes cannot arise: an illegal action is
refused with the rule that forbids it and changes nothing.

Points games keep the running scores in ``carry["scores"]`` (one per side); every seat's delta is
its side's points for the deal, so a :class:`~cardtable.Match` total is the side's score.

>>> import cardtable as ct
>>> top = "5H JH AH 2C 3C 4C KH QH 6C 7C TH"
>>> d = ct.load("spoil-five", players=2).deal(deck=top + " " + " ".join(
...     c for c in ct.core.cards.PACK_52.code_of if c not in top.split()), dealer=1)
>>> d.view(0)["trump"], d.view(0)["hand"]
('H', ['AH', 'KH', 'QH', 'JH', '5H'])
>>> d.legal()[-2:]  # the holder of the trump ace may rob at his turn, or turn the card down
['rob 5H', 'decline']
"""

from __future__ import annotations

from .auction import AuctionFortyFive
from .forty_five import FortyFive, TwentyFive
from .hasenpfeffer import Hasenpfeffer
from .ranking import family_rules
from .spoil import SpoilFive

__all__ = ["GAMES", "AuctionFortyFive", "FortyFive", "Hasenpfeffer", "SpoilFive", "TwentyFive", "family_rules"]

GAMES = (SpoilFive, FortyFive, TwentyFive, AuctionFortyFive, Hasenpfeffer)

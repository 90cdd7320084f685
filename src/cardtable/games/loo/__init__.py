"""Loo: Three-Card Loo, Five-Card Loo, Irish Loo and Lanterloo (Parlett's Five-card Loo).

Sources: seed ``000_021e177d957c1434.txt``, "Loo" (G. F. Hervey's text: Three-Card, Five-Card
and Irish Loo); seed ``002_306a4d5946fe0cd1.txt``, "Five-card Loo (Lanterloo)" (Parlett); the
gaps resolved in ``docs/decisions.md`` (L3-GAP-1…7, L5-GAP-1…6, IL-GAP-1…2).

The rules as implemented
------------------------
Three-Card Loo. "The first player to deal puts into a pool an agreed number of units ... it
must be one that is divisible by three" (option ``ante``, default 3: Peel's "three counters
for the deal and six for a loo"). "Three cards are then dealt, one card at a time, to each
player, and to an extra hand that is known as miss" (dealt "immediately after dealing his own
card each time", Peel). "The top card of the remainder of the pack is turned up to denote the
trump suit."

Entering. From the dealer's left each player in turn may ``pass`` ("throws his cards face
downwards"), ``play`` ("playing with the cards dealt to him") or ``take`` ("exchanging his cards
for miss and playing with those"); "once a player has chosen to exchange his hand for miss, a
subsequent player is reduced to choosing between playing ... or not playing". "Once a player
has made a decision he must stand by it." The dealer's position (L3-GAP-1, Peel / Hoyle):
all players before the dealer pass: the dealer takes the pool without play; exactly one player
stands on his own cards: the dealer may not pass; he plays (``play`` / ``take``) or "plays for
the pool" (``play pool`` with his own hand, ``take pool`` with the miss; option
``defend_pool_hand``): "he is not looed if he fails to win a trick, and ... leaves in the pool
any amount to which he may be entitled"; one player took miss and all the others (dealer
included) pass: the holder of miss takes the pool. Club Law (option ``club_law``; Peel): when
clubs are trumps "everyone must enter the game" and the miss is withdrawn.

Play. "The player who first chose to play leads to the first trick. Thereafter the player who
wins a trick leads to the next." "1. A player must follow suit if he can, and must head the
trick if he can. 2. If a player cannot follow suit he must trump if he can, and if the trick
has already been trumped he must overtrump if he can" — unable to overtrump, he must still
trump (L3-GAP-4, Parlett: "may renounce only if unable to do either"; option
``undertrump_required``); a player following a trumped trick plays any card of the suit
(L3-GAP-5). "3. If the player on lead holds the Ace of trumps (or the King if the Ace has been
turned up) he must lead it. 4. If the player on lead holds two or more trumps he must lead one
of them, and if there are only two players in the game he must lead the highest." These bind
every lead (L3-GAP-6); rule 3 comes first. The engine never lets a card be played against these
rules, so the revoke penalty (L3-GAP-7) cannot arise.

Settlement. "Those who have won tricks divide the pool between them: one-third of the amount in
it to the winner of each trick" (exact thirds: a pool that does not divide is shared in
fractions). "Those who have not won a trick are looed, and must put into the pool as many units
as there were in it at the beginning of the deal" (``penalty="pool_at_start"``; limited loo,
L3-GAP-2: ``penalty="fixed"`` pays ``penalty_limit``, ``penalty="cap"`` pays the smaller of the
pool and ``penalty_limit``; a limit of 0 means twice the ante, Peel's "six for a loo"). "If no
player is looed, the next dealer replenishes the pool as at the beginning of the game"
(L3-GAP-3; option ``dealer_antes="always"``: the dealer antes every deal). The pool is carried.

Five-Card Loo (Hervey): "1. Every player is dealt five cards ... the number of units paid into
the pool must be divisible by five. 2. There is no miss. 3. A player may exchange cards by
drawing them from the stock. He may exchange any number of cards that he chooses, and once he
has exchanged a card he must enter the game" — here: ``play`` (or the dealer's ``play pool``),
then at once ``exchange <cards>`` or ``keep``. "4. The highest card in the pack is the Jack of
Clubs ... Pam. It ranks as a trump and takes precedence even over the Ace" — Pam is only a
trump, never a club (L5-GAP-4); "if, however, a player leads the Ace of trumps and announces
'Pam be civil' the holder of Pam is debarred from playing it to the trick" (lead ``AH civil``;
``pam_civil="absolute"``, L5-GAP-3: a holder whose only trump is Pam is then void in trumps).
"5. If a player holds five cards of a suit, or four cards of a suit and Pam, he is said to hold
a flush and must expose his hand at once. He wins the pool and all the other players, except
those who may hold flushes or Pam, are looed." A flush dealt is shown at once (L5-GAP-5,
``flush_shown="at_once"``): as the cards are dealt each holder shows his (``show``, his only action)
and the deal ends there, before anyone decides or exchanges, so a flush made later by exchange cannot
beat it; if nobody is dealt a flush, a flush
made by exchange is shown when the entering is over, before the first lead. Option
``flush_shown="after_exchange"`` (Parlett's timing, below): flushes are compared after the
entering and exchanging, a flush held at the deal counting even if broken by exchange. Those who
passed are looed too (Peel: "whether they stood or not"; option ``flush_loos_passers``).
Ranking (L5-GAP-1/2): a trump flush beats a plain flush, then
the highest card(s) win, Pam counting as the highest card; exact equals divide the pool
(``flush_tie="elder_hand"``: the elder, nearest the dealer's left, wins). Hervey's 4 + Pam is a
flush of the four cards' suit (``flush_order="trump_then_plain"``). Those looed by a flush pay
their loo into the pool like any loo ("are looed"; Hoyle: "to be divided among the winners at
the ensuing deal"); option ``flush_paid_to="holder"``: they pay it to the flush holder (Peel:
"receives from each of the players ... the amount of a loo"; this switch is an addition, see
docs/decisions.md). A player holding Pam when the flush is shown, and the dealer playing for the
pool, are not looed by it (ENGINE DEFAULT for the dealer: "he is not looed"). A fifth of the
pool per trick. Engine rules not in the seed: one exchange each, at most the cards left in the
stock (Peel: "No second exchange is allowable"); "Pam be civil" may be announced only by a
leader who does not hold Pam himself while Pam has not been played (ENGINE DEFAULT).

Irish Loo: "Every player is dealt three cards, there is no Pam and no miss, but a player is
allowed to exchange cards by drawing from the stock ... if Clubs are trumps everyone must enter
the game. It is known as Club Law and makes it imperative that the penalty for being looed must
be limited" — Club Law on; the loo capped at twice the ante (IL-GAP-2, ENGINE DEFAULT); no
flushes unless ``flush3`` (IL-GAP-1: three of a suit looes the board). The flushes come from Peel
("virtually the same as the five-card variety"), whose flushes are declared only after all have decided
to stand or pass: they are compared when the exchanges are over (``flush_shown="after_exchange"``; option
``at_once``, Hervey's five-card timing).

Lanterloo (Parlett's Five-card Loo): "From three to ten receive five cards each (3+2 or 2+3)
... Dealer antes five chips to the pot before dealing, and turns the next for trump" (the
dealer antes every deal). "A flush is five cards of the same suit, or four of a suit plus Pam.
The best flush is four of a suit plus Pam, followed by a flush in trumps, then by the
plain-suit flush containing the highest top card or cards. Whoever holds the best flush ...
'looes the board' immediately" (``flush_order="pam_first"``), "whether before or after
exchanging cards": flushes are compared when the exchanges are over, before the first lead, a
flush held at the deal counting even if broken by exchange (``flush_shown="after_exchange"``,
L5-GAP-5). "Each in turn may pass or play,
thereby undertaking to win at least one trick. (Variant: No one may pass if clubs are trump.)
Each active player may discard as many as he likes in return for the same number dealt from the
top of the pack" — a bidding round, then an exchange round (``exchange <cards>`` / ``keep``).
"Eldest leads. If the trump Ace is led (now or subsequently) its leader may say, 'Pam be
civil,' whereupon the holder of J may not play it if he has any other trump"
(``pam_civil="unless_only_trump"``). "The winner of each trick leads to the next, and must lead
a trump if possible" (``lead_rule="winner_leads_trump"``, L5-GAP-6): the duty binds the winners of
tricks, so eldest's opening lead is free (apart from "Pam be civil"). "Each trick earns one-fifth
of the pool." Parlett does not say what a looed player pays: as in Hervey's parent
game, the pool as it stood at the start of the deal (ENGINE DEFAULT from seed 000; options
``penalty`` / ``penalty_limit``). A flush "is deemed to win all five tricks without play, and is
appropriately paid by anyone who does not himself hold either Pam or a flush": the holder takes
the pool and each of the others pays him a loo (``flush_paid_to="holder"``, Peel: "receives from
each of the players ... the amount of a loo"; option ``"pool"``: Hervey's loo into the pool).
Parlett is silent on a deal nobody plays: the pool is carried; a lone player takes the pool
without play (ENGINE DEFAULT).

Every game: 3 to 10 players (Parlett's range for Lanterloo; Hervey's "any reasonable number",
ENGINE DEFAULT for the others).

Each variant is one class (:class:`ThreeCardLoo`, :class:`FiveCardLoo`, :class:`IrishLoo`,
:class:`Lanterloo`): its declaration as class attributes, the rules its relatives let players choose fixed
in ``fixed_options``, its phases (enter, show, exchange, play) with one checker each, and the hooks of the
core (see docs/developing.md).

>>> import cardtable as ct
>>> d = ct.load("three-card-loo", players=3).deal(seed=1)
>>> d.legal(), d.label("take"), d.status(None)
(['pass', 'play', 'take'], 'Take the miss', 'Bea to pass or play')
"""

from __future__ import annotations

from .loo import Loo, LooPhase, LooSetup, ThreeCardLoo
from .variants import FiveCardLoo, IrishLoo, Lanterloo

__all__ = ["GAMES", "FiveCardLoo", "IrishLoo", "Lanterloo", "Loo", "LooPhase", "LooSetup", "ThreeCardLoo"]

GAMES = (ThreeCardLoo, FiveCardLoo, IrishLoo, Lanterloo)

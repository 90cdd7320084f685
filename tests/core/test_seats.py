"""Seats are whole numbers everywhere: ``True`` is not seat 1 (issue: ``act(..., seat=True)`` was accepted where
``view(True)`` was refused). Every public method that takes a seat refuses a bool or a non-int, saying what seats
are, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

import cardtable as ct

NOT_SEATS: list[Any] = [True, False, 1.0, "1", [1], 7, -1]


def nap_at_seat_one() -> ct.Deal:
    d = ct.load("nap", players=4).deal(seed=1)  # dealer 0: seat 1 (Bea) bids first
    assert d.turn == 1
    return d


@pytest.mark.parametrize("seat", NOT_SEATS, ids=repr)
def test_act_refuses_a_seat_that_is_not_a_whole_number(seat: Any) -> None:
    d = nap_at_seat_one()
    before = (list(d.history), d.legal(), d.view(1))
    with pytest.raises(ct.IllegalAction, match=r"there is no seat .*; seats are 0 to 3"):
        d.act("pass", seat=seat)
    assert (list(d.history), d.legal(), d.view(1)) == before
    d.act("pass", seat=1)  # the real seat still may
    assert d.history == [(1, "pass")]


def test_true_is_not_seat_one_nor_false_seat_zero() -> None:
    d = nap_at_seat_one()
    assert d.why_not("pass", True) == "there is no seat True; seats are 0 to 3"
    assert d.why_not("pass", False) == "there is no seat False; seats are 0 to 3"
    assert d.why_not("pass", 1) is None
    assert d.why_not("pass", 0) == "it is Bea's turn, not Ann's"


@pytest.mark.parametrize("method", ["view", "sample", "hidden_from", "visible_to"])
@pytest.mark.parametrize("seat", [True, False, 1.5, "0", 4, -1], ids=repr)
def test_every_method_taking_a_seat_refuses_a_non_seat(method: str, seat: Any) -> None:
    d = nap_at_seat_one()
    before = (list(d.history), d.view(0))
    with pytest.raises(ct.RulesError, match=r"there is no seat .*; seats are 0 to 3"):
        getattr(d, method)(seat)
    assert (list(d.history), d.view(0)) == before


def test_a_spectator_is_still_none_where_allowed() -> None:
    d = nap_at_seat_one()
    assert d.hidden_from(None) == d.hidden_from(None)
    assert d.visible_to(None) & d.hidden_from(None) == 0
    assert d.seat_problem(2) is None and d.seat_problem(True) is not None

# Declarations for the optional compiled build (see deal.pxd).
cimport cython

from .deal cimport Deal

cdef class TrickRules:
    cdef dict __dict__
    cdef public object pack, trump, trump_mask, exempt
    cdef public list suit_of, power, suit_mask
    cdef public bint follow, head, trump_when_void, overtrump, undertrump_required, trump_anytime, plain
    cpdef object plays(self, object hand, object trick, object best_i=*)
    cpdef bint beats(self, object card, object best, object led)
    cpdef object winner(self, object cards)
    cpdef object voids_shown(self, object hand_before, object trick, object card)

cdef class TrickDeal(Deal):
    cdef public TrickRules rules
    cdef public object best_i, best_by, played, leader, in_play
    cdef public list trick, trick_seats, last_trick, tricks_won, won, voids
    @cython.locals(seat=Py_ssize_t, c=Py_ssize_t, n=Py_ssize_t, players=Py_ssize_t, step=Py_ssize_t)
    cdef _trick_play(self, seat, c)
    cpdef object play_mask(self, object seat)
    cpdef object lead_mask(self, object seat)
    @cython.locals(t=TrickDeal)
    cdef _copy_fields(self, Deal new)

# Declarations for the optional compiled build (setup.py): with Cython, deal.py becomes an extension
# type whose core fields live in the object. The .py file is unchanged Python; without a compiled
# build it runs as it is.
from .cards cimport Pack

cdef class Deal:
    cdef dict __dict__
    cdef public Pack pack
    cdef public object game, players, dealer, turn, phase, carry_in, deck, _legal_cache, _result, direction
    cdef public list history, hands, stock
    cdef public tuple _card_phases
    cdef _copy_fields(self, Deal new)

# Declarations for the optional compiled build (see deal.pxd).
cdef class Auction:
    cdef public tuple bids, order
    cdef public object doubler, holder, rival, speaker, mode, out, doubled, high, pos, waiting
    cdef public bint done, doubling

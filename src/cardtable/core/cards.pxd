# Declarations for the optional compiled build (see deal.pxd).
cdef class Pack:
    cdef dict __dict__
    cdef public object name, size, full, _display_suits, _runs
    cdef public tuple code_of, suit, rank, display_rank, suit_mask
    cdef public dict _index, index_of, _display_codes
    cdef public bint has_duplicates
    cpdef tuple display_codes(self, object mask)
